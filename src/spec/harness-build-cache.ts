import { createHash, randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { VerifierConfig } from '../verifier/config/verifier-config.js';
import { describeLocalBinaries } from '../verifier/runners/describe-local-toolchain.js';
import type { Sandbox } from '../verifier/sandbox/sandbox.js';

/** Harness binaries kept per target directory; the least recently used beyond this are removed (about 9 MB each). */
export const HARNESS_CACHE_ENTRIES = 16;
const CACHE_FORMAT = 'verus-repair-harness-cache-1';

/** What a cached build answers with: the binary and what the build found (parts rustc rejected). */
export interface CachedHarness {
  executable: string;
  builds: number;
  command: string[];
  exclusions: { specFunctions: Array<[string, string]>; clauses: Array<[string, string]>; functions: Array<[number, string]>; probes: Array<[number, string]> };
}

/**
 * The key of a harness build: everything cargo and rustc read for it, before the scratch copy gives
 * the binary a name of its own. The crate's files as they are checked, the generated harness module,
 * the runtime crate (its directory is named after its source), the crate's location (path
 * dependencies are made absolute against it), the cargo and rustc this run would use (paths, sizes
 * and modification times, as the local verifier describes its binaries), offline or not, and the
 * sandbox. The seed, the number of inputs and the call timeout are arguments of the binary, not of
 * the build, so a check with another seed reuses it.
 */
export async function computeHarnessKey(parts: { crateDir: string; files: ReadonlyMap<string, Uint8Array>; harnessSource: string; runtimeDir: string; config: VerifierConfig; environment: NodeJS.ProcessEnv; sandbox: Sandbox }): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${CACHE_FORMAT}\0${path.resolve(parts.crateDir)}\0${parts.runtimeDir}\0${parts.sandbox.kind}\0${parts.config.precheck.offline}\0`);
  hash.update(await describeLocalBinaries([parts.config.cargoPath, 'rustc'], parts.environment['PATH']));
  for (const [file, bytes] of [...parts.files].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))) {
    hash.update(`\0file\0${file}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  hash.update(`\0harness\0${parts.harnessSource}`);
  return hash.digest('hex');
}

function cacheRoot(targetDir: string): string {
  return path.join(targetDir, 'verus-repair-spec-harness');
}

/** A cached build for `key`, its use recorded (LRU), or null. A damaged entry is a miss. */
export async function readCachedHarness(targetDir: string, key: string): Promise<CachedHarness | null> {
  const directory = path.join(cacheRoot(targetDir), key);
  try {
    const entry = JSON.parse(await readFile(path.join(directory, 'build.json'), 'utf8')) as Omit<CachedHarness, 'executable'>;
    const executable = path.join(directory, 'harness');
    if (!(await stat(executable)).isFile()) return null;
    const now = new Date();
    await utimes(directory, now, now);
    return { ...entry, executable };
  } catch {
    return null;
  }
}

/**
 * Keeps a built harness for `key`: its binary copied beside what the build found, written under a
 * temporary name and renamed, so a reader sees a whole entry or none. Then the least recently used
 * entries beyond HARNESS_CACHE_ENTRIES are removed.
 */
export async function storeCachedHarness(targetDir: string, key: string, builtExecutable: string, entry: Omit<CachedHarness, 'executable'>): Promise<void> {
  const root = cacheRoot(targetDir);
  await mkdir(root, { recursive: true });
  const temporary = path.join(root, `.${key}.${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(temporary);
    await copyFile(builtExecutable, path.join(temporary, 'harness'));
    await chmod(path.join(temporary, 'harness'), 0o755);
    await writeFile(path.join(temporary, 'build.json'), JSON.stringify(entry));
    await rename(temporary, path.join(root, key)).catch(async () => rm(temporary, { recursive: true, force: true }));
  } catch {
    // A cache that cannot be written costs the next check a build, nothing else.
    await rm(temporary, { recursive: true, force: true });
    return;
  }
  await evictLeastRecentlyUsed(root);
}

async function evictLeastRecentlyUsed(root: string): Promise<void> {
  const entries = (await readdir(root, { withFileTypes: true }).catch(() => [])).filter((entry) => entry.isDirectory() && /^[0-9a-f]{64}$/.test(entry.name));
  if (entries.length <= HARNESS_CACHE_ENTRIES) return;
  const used = await Promise.all(entries.map(async (entry) => ({ name: entry.name, time: (await stat(path.join(root, entry.name)).catch(() => null))?.mtimeMs ?? 0 })));
  used.sort((left, right) => right.time - left.time);
  for (const stale of used.slice(HARNESS_CACHE_ENTRIES)) await rm(path.join(root, stale.name), { recursive: true, force: true });
}
