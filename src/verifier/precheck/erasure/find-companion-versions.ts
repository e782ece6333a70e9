import { readFileSync } from 'node:fs';
import path from 'node:path';
import { locateVstdSource, readToml } from './locate-vstd-source.js';

/** The crates a Verus file may name that come with vstd (its exact dependencies). */
export const COMPANION_CRATES = ['verus_builtin', 'verus_builtin_macros', 'verus_state_machines_macros'] as const;
export type CompanionCrate = (typeof COMPANION_CRATES)[number];

/**
 * The exact versions of vstd's companion crates for this crate: from its Cargo.lock when vstd's
 * tree is locked there, else from the manifest of the vstd it uses in cargo's registry (vstd
 * requires them with `=`). Never from memory: another copy of verus_builtin would make the file's
 * items and vstd's two different crates' items.
 */
export function findCompanionVersions(files: ReadonlyMap<string, Uint8Array>, environment: NodeJS.ProcessEnv): Map<CompanionCrate, string> {
  const versions = new Map<CompanionCrate, string>();
  const locked = readToml(files.get('Cargo.lock'))?.['package'];
  if (Array.isArray(locked)) {
    for (const entry of locked as Array<{ name?: unknown; version?: unknown }>) {
      const name = COMPANION_CRATES.find((crate) => crate === entry.name);
      if (name !== undefined && typeof entry.version === 'string') versions.set(name, `=${entry.version}`);
    }
  }
  if (versions.size === COMPANION_CRATES.length) return versions;
  const vstd = locateVstdSource(files, environment);
  if (vstd === null) return versions;
  let manifest: Record<string, unknown> | null = null;
  try {
    manifest = readToml(readFileSync(path.join(vstd, 'Cargo.toml')));
  } catch {
    return versions;
  }
  const dependencies = (manifest?.['dependencies'] ?? {}) as Record<string, unknown>;
  for (const crate of COMPANION_CRATES) {
    const requirement = dependencies[crate];
    const version = typeof requirement === 'string' ? requirement : typeof requirement === 'object' && requirement !== null ? (requirement as { version?: unknown }).version : undefined;
    if (!versions.has(crate) && typeof version === 'string') versions.set(crate, version);
  }
  return versions;
}
