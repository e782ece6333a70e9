import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'smol-toml';

type TomlTable = Record<string, unknown>;

/**
 * Builds the written harness crate's own package without debug info (`[profile.dev.package.<its
 * name>] debug = 0`): generating and linking it is a sixth of a fresh harness build, and nothing
 * reads it (the harness runs with RUST_BACKTRACE=0; a panic's file:line:column comes from the
 * panic location, not from debug info). Only this package: cargo merges a package override into
 * that package's profile alone (C core/profiles.rs:484-528, cargo 0.96.0), so vstd and the runtime
 * keep the profile they were built with and are not built again. Overflow checks stay as they were.
 * Run after writeScratchCrate, which gave the package its name.
 */
export async function omitHarnessDebugInfo(directory: string): Promise<void> {
  const file = path.join(directory, 'Cargo.toml');
  const manifest = parse(await readFile(file, 'utf8')) as TomlTable;
  const name = (manifest['package'] as TomlTable | undefined)?.['name'];
  if (typeof name !== 'string') return;
  const profile = table(manifest, 'profile');
  const dev = table(profile, 'dev');
  const packages = table(dev, 'package');
  packages[name] = { ...table(packages, name), debug: 0 };
  await writeFile(file, stringify(manifest));
}

function table(parent: TomlTable, key: string): TomlTable {
  const value = parent[key];
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as TomlTable;
  const created: TomlTable = {};
  parent[key] = created;
  return created;
}
