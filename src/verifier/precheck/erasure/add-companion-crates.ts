import type { ErasureFix } from '../../../core/verifier-precheck.js';
import type { VerusFileIr } from '../../../ir/index.js';
import { COMPANION_CRATES, type CompanionCrate } from './find-companion-versions.js';
import { readToml } from './locate-vstd-source.js';

/** The companion crates the sources name as a path or crate (`extern crate verus_builtin_macros;`, `verus_state_machines_macros::...`). */
export function listNamedCompanions(irs: Iterable<VerusFileIr>): Set<CompanionCrate> {
  const named = new Set<CompanionCrate>();
  for (const ir of irs) {
    for (let index = 0; index < ir.tokens.count; index++) {
      const crate = COMPANION_CRATES.find((name) => name === ir.tokens.texts[index]);
      if (crate !== undefined) named.add(crate);
    }
  }
  return named;
}

/**
 * The manifest with `[dependencies]` entries for the named companions it lacks (at `versions`,
 * vstd's own), or null when none is missing or the edited manifest would not parse. Cargo.toml of a
 * Verus project often lacks them: `cargo verus` supplies them to rustc itself.
 */
export function addCompanionCrates(manifest: string, named: ReadonlySet<CompanionCrate>, versions: ReadonlyMap<CompanionCrate, string>): { manifest: string; fixes: ErasureFix[] } | null {
  const parsed = readToml(Buffer.from(manifest, 'utf8'));
  if (parsed === null) return null;
  const dependencies = (parsed['dependencies'] ?? {}) as Record<string, unknown>;
  const missing = [...named].filter((crate) => !(crate in dependencies) && versions.has(crate));
  if (missing.length === 0) return null;
  const lines = missing.map((crate) => `${crate} = ${JSON.stringify(versions.get(crate))}`);
  const header = /^\[dependencies\][ \t]*(#.*)?$/m.exec(manifest);
  const edited = header === null
    ? `${manifest.replace(/\n*$/, '\n')}\n[dependencies]\n${lines.join('\n')}\n`
    : `${manifest.slice(0, header.index + header[0].length)}\n${lines.join('\n')}${manifest.slice(header.index + header[0].length)}`;
  if (readToml(Buffer.from(edited, 'utf8')) === null) return null;
  return { manifest: edited, fixes: missing.map((crate) => ({ kind: 'add-companion-crate', file: 'Cargo.toml', line: null, description: `Cargo.toml: added ${crate} = ${JSON.stringify(versions.get(crate))} (vstd's own; the sources name it and cargo verus supplies it)` })) };
}
