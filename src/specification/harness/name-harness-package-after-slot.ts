import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'smol-toml';

type TomlTable = Record<string, unknown>;

const VARIANT_SUFFIX = /-variant-[0-9a-f]{12}$/;

/**
 * Renames the harness package written to `directory` (by writeScratchCrate, which named it
 * `<name>-variant-<digest of its files>`) to `<name>-variant-<identity>`, the slot's: the same for
 * every check in that slot. Cargo names a path package's artifacts by a hash of its package id
 * (name, version, and path relative to the workspace root: C
 * core/compiler/build_runner/compilation_files.rs:716-722, cargo 0.96.0), so under a name that
 * changes with the content each check started from nothing; under the slot's, cargo finds the last
 * check's artifacts and rebuilds only units whose sources are newer than their dep-info
 * (C core/compiler/fingerprint/mod.rs:2179), which syncHarnessDirectory keeps to the changed files.
 * Two slots never share artifacts: each has its own identity, and only the lease holder builds in one.
 *
 * The copy also becomes a workspace of its own (`[workspace]`) when it is not one already: the slot
 * lies under the cache directory, often inside the user's repository, whose workspace root would
 * otherwise claim it ("current package believes it's in a workspace when it's not"). As its own root
 * its path relative to the workspace root is empty, as the temp-dir copy's was.
 */
export async function nameHarnessPackageAfterSlot(directory: string, identity: string): Promise<void> {
  const file = path.join(directory, 'Cargo.toml');
  const manifest = parse(await readFile(file, 'utf8')) as TomlTable;
  const pkg = manifest['package'] as TomlTable | undefined;
  if (pkg === undefined || typeof pkg['name'] !== 'string') return;
  pkg['name'] = `${pkg['name'].replace(VARIANT_SUFFIX, '')}-variant-${identity}`;
  if (manifest['workspace'] === undefined && pkg['workspace'] === undefined) manifest['workspace'] = {};
  await writeFile(file, `${stringify(manifest)}\n`);
}
