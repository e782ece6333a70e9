import { createHash, randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import path from 'node:path';
import type { VerifierConfig } from '../../verifier/config/verifier-config.js';
import { isWithinDirectory } from '../../verifier/cache/is-within-directory.js';
import { describeLocalBinaries } from '../../verifier/runners/describe-local-toolchain.js';
import type { Sandbox } from '../../verifier/sandbox/sandbox.js';
import { noticeOnce } from '../../verifier/sandbox/run-notices.js';

/** Harness binaries kept per target directory; the least recently used beyond this are removed (about 9 MB each). */
export const HARNESS_CACHE_ENTRIES = 16;
const CACHE_FORMAT = 'verus-repair-harness-cache-1';
const RECORD_FORMAT = 'verus-repair-harness-record-1';

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

/**
 * Where cached harness builds live: the binaries under the shared target directory, which every
 * sandboxed build may write (a crate's build script included), and for each a record in
 * verus-repair's own cache directory, which no sandbox binds writable (bwrap-arguments.ts,
 * place-in-sandbox.ts: the crate copy and the target directory only): the binary's sha256 and what
 * the build found. A binary is only ever run after its private copy matched its record.
 */
export interface HarnessStore {
  targetDir: string;
  recordDir: string;
}

/**
 * The store for `targetDir` with records under `cacheDir`, or null when the cache directory lies
 * inside the target directory (the sandbox could rewrite the records along with the binaries):
 * then nothing is reused, said once.
 */
export function selectHarnessStore(targetDir: string, cacheDir: string): HarnessStore | null {
  const recordDir = path.join(path.resolve(cacheDir), 'spec-harness', createHash('sha256').update(path.resolve(targetDir)).digest('hex').slice(0, 16));
  if (isWithinDirectory(recordDir, targetDir)) {
    noticeOnce('harness-records-writable', `check-spec reuses no harness build: the cache directory ${cacheDir} lies inside the target directory ${targetDir}, which the sandbox can write, so a build could rewrite the digests that check the cached binaries; move cache_dir out of it`);
    return null;
  }
  return { targetDir, recordDir };
}

const recordSchema = z.object({
  format: z.literal(RECORD_FORMAT),
  key: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  builds: z.number(),
  command: z.array(z.string()),
  exclusions: z.object({
    specFunctions: z.array(z.tuple([z.string(), z.string()])),
    clauses: z.array(z.tuple([z.string(), z.string()])),
    functions: z.array(z.tuple([z.number(), z.string()])),
    probes: z.array(z.tuple([z.number(), z.string()])),
  }),
});

function cacheRoot(targetDir: string): string {
  return path.join(targetDir, 'verus-repair-spec-harness');
}

function recordPath(store: HarnessStore, key: string): string {
  return path.join(store.recordDir, `${key}.json`);
}

/**
 * A cached build for `key`, its use recorded (LRU), or null. The binary is copied into
 * `intoDirectory` (the check's harness directory: a scratch directory, or a slot this check leases,
 * which no sandbox writes outside this check's own builds; the run's sandbox binds it read-only)
 * and that copy's sha256 is compared with
 * the record: a mismatch means something wrote the cached binary after it was stored (another
 * crate's build script, under the shared target directory), so it is removed, said, and a miss.
 * An entry without a record (or a damaged one) is a miss too.
 */
export async function readCachedHarness(store: HarnessStore, key: string, intoDirectory: string): Promise<CachedHarness | null> {
  const directory = path.join(cacheRoot(store.targetDir), key);
  const record = await readRecord(store, key);
  if (record === null) return null;
  const executable = path.join(intoDirectory, '.verus-repair-harness');
  try {
    await copyFile(path.join(directory, 'harness'), executable);
    await chmod(executable, 0o755);
  } catch {
    return null;
  }
  const found = await sha256OfFile(executable);
  if (found !== record.sha256) {
    noticeOnce(`harness-tampered-${key}`, `the harness binary cached at ${path.join(directory, 'harness')} is not the one built there (sha256 ${found.slice(0, 12)}, recorded ${record.sha256.slice(0, 12)} in ${recordPath(store, key)}): something in the shared target directory rewrote it; it was removed, and check-spec builds the harness again`);
    await rm(executable, { force: true });
    await rm(directory, { recursive: true, force: true });
    await rm(recordPath(store, key), { force: true });
    return null;
  }
  const now = new Date();
  await utimes(directory, now, now).catch(() => undefined);
  return { builds: record.builds, command: record.command, exclusions: record.exclusions, executable };
}

async function readRecord(store: HarnessStore, key: string): Promise<z.infer<typeof recordSchema> | null> {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(await readFile(recordPath(store, key), 'utf8')));
    return parsed.success && parsed.data.key === key ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a built harness for `key`: its binary copied into the target directory under a temporary
 * name and renamed, so a reader sees a whole entry or none, and the copy's sha256 with what the
 * build found recorded in the record directory (written after the copy: the build's sandbox has
 * ended, so nothing else writes that copy while it is hashed). Then the least recently used entries
 * beyond HARNESS_CACHE_ENTRIES are removed with their records.
 */
export async function storeCachedHarness(store: HarnessStore, key: string, builtExecutable: string, entry: Omit<CachedHarness, 'executable'>): Promise<void> {
  const root = cacheRoot(store.targetDir);
  const temporary = path.join(root, `.${key}.${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(temporary, { recursive: true });
    await copyFile(builtExecutable, path.join(temporary, 'harness'));
    await chmod(path.join(temporary, 'harness'), 0o755);
    const sha256 = await sha256OfFile(path.join(temporary, 'harness'));
    await mkdir(store.recordDir, { recursive: true });
    const record = recordPath(store, key);
    const recordTemporary = `${record}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(recordTemporary, JSON.stringify({ format: RECORD_FORMAT, key, sha256, ...entry }));
    await rename(recordTemporary, record);
    await rm(path.join(root, key), { recursive: true, force: true });
    await rename(temporary, path.join(root, key)).catch(async () => rm(temporary, { recursive: true, force: true }));
  } catch {
    // A cache that cannot be written costs the next check a build, nothing else.
    await rm(temporary, { recursive: true, force: true });
    return;
  }
  await evictLeastRecentlyUsed(store);
}

async function evictLeastRecentlyUsed(store: HarnessStore): Promise<void> {
  const root = cacheRoot(store.targetDir);
  const entries = (await readdir(root, { withFileTypes: true }).catch(() => [])).filter((entry) => entry.isDirectory() && /^[0-9a-f]{64}$/.test(entry.name));
  if (entries.length <= HARNESS_CACHE_ENTRIES) return;
  const used = await Promise.all(entries.map(async (entry) => ({ name: entry.name, time: (await stat(path.join(root, entry.name)).catch(() => null))?.mtimeMs ?? 0 })));
  used.sort((left, right) => right.time - left.time);
  for (const stale of used.slice(HARNESS_CACHE_ENTRIES)) {
    await rm(path.join(root, stale.name), { recursive: true, force: true });
    await rm(recordPath(store, stale.name), { force: true });
  }
}

async function sha256OfFile(file: string): Promise<string> {
  return createHash('sha256').update(await readFile(file)).digest('hex');
}
