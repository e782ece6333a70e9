import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'smol-toml';
import { listVerificationInputs } from '../cache/list-verification-inputs.js';

type TomlTable = Record<string, unknown>;

const VARIANT_SUFFIX = /-variant-[0-9a-f]{12}$/;

/** Whether a package name is one isolateScratchPackage gave: the crate is a copy verus-repair made. */
export const isScratchPackageName = (name: string): boolean => VARIANT_SUFFIX.test(name);

/**
 * A scratch copy of a crate (a candidate, a mutant, a probe) renamed so that it shares a cargo
 * target directory with other copies safely: its package becomes `<name>-variant-<digest of its
 * files>`, while its `[lib]` and main `[[bin]]` keep the crate's names, so `use crate_name::...`
 * still resolves.
 *
 * Why: cargo names a path package's artifacts by a hash of its name, version and path relative to
 * the workspace root (C core/compiler/build_runner/compilation_files.rs:716-722, core/package_id.rs:203-208,
 * core/source_id.rs:564-576), which is the same for every copy of one crate, and decides freshness
 * by mtime: a source no newer than the last build's dep-info counts as built
 * (C core/compiler/fingerprint/mod.rs:2179, cargo 0.96.0). So two copies under one name overwrite
 * each other's artifacts, and a copy written before another copy's build reuses that build. Under a
 * name derived from the content, only identical copies share artifacts, which is then correct.
 * Returns `files` unchanged when Cargo.toml names no package.
 */
export function isolateScratchPackage(files: ReadonlyMap<string, Uint8Array>): Map<string, Uint8Array> {
  const manifestBytes = files.get('Cargo.toml');
  const isolated = new Map(files);
  if (manifestBytes === undefined) return isolated;
  let manifest: TomlTable;
  try {
    manifest = parse(new TextDecoder().decode(manifestBytes)) as TomlTable;
  } catch {
    return isolated; // cargo reports the broken manifest itself, naming the position.
  }
  const pkg = table(manifest['package']);
  const name = pkg?.['name'];
  if (pkg === null || typeof name !== 'string') return isolated;
  // A copy of a copy (a re-proof's repository) is renamed once, not `-variant-a-variant-b`.
  pkg['name'] = `${name.replace(VARIANT_SUFFIX, '')}-variant-${digestFiles(files)}`;
  keepTargetNames(manifest, files, name);
  isolated.set('Cargo.toml', new TextEncoder().encode(`${stringify(manifest)}\n`));
  return isolated;
}

/** The lib keeps its crate name (cargo derives it from the package name otherwise), and so does src/main.rs's bin. */
function keepTargetNames(manifest: TomlTable, files: ReadonlyMap<string, Uint8Array>, name: string): void {
  const pkg = table(manifest['package']) ?? {};
  const lib = table(manifest['lib']);
  if (lib !== null) lib['name'] ??= name.replace(/-/g, '_');
  else if (files.has('src/lib.rs') && pkg['autolib'] !== false) manifest['lib'] = { name: name.replace(/-/g, '_') };
  const bins = Array.isArray(manifest['bin']) ? (manifest['bin'] as unknown[]).map(table).filter((bin): bin is TomlTable => bin !== null) : [];
  // A [[bin]] named after the package finds src/main.rs only under that package name.
  for (const bin of bins) if (bin['name'] === name && bin['path'] === undefined && files.has('src/main.rs')) bin['path'] = 'src/main.rs';
  const declaresMain = bins.some((bin) => bin['path'] === 'src/main.rs');
  if (files.has('src/main.rs') && !declaresMain && pkg['autobins'] !== false) manifest['bin'] = [...bins, { name, path: 'src/main.rs' }];
}

function table(value: unknown): TomlTable | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as TomlTable) : null;
}

function digestFiles(files: ReadonlyMap<string, Uint8Array>): string {
  const hash = createHash('sha256');
  for (const [file, bytes] of [...files].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))) hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  return hash.digest('hex').slice(0, 12);
}

/** isolateScratchPackage for a crate already written to `crateDir` (a bench task's copy): rewrites its Cargo.toml in place. */
export async function isolateScratchDirectory(crateDir: string): Promise<void> {
  const inputs = await listVerificationInputs({ kind: 'crate', crateDir });
  const files = new Map<string, Uint8Array>();
  for (const file of inputs.files) files.set(file, await readFile(path.join(inputs.root, ...file.split('/'))));
  const manifest = isolateScratchPackage(files).get('Cargo.toml');
  if (manifest !== undefined) await writeFile(path.join(inputs.root, 'Cargo.toml'), manifest);
}
