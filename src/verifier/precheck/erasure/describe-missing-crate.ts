import type { Diagnostic } from '../../../core/diagnostic.js';
import type { CrateItemIndex } from './index-crate-items.js';
import { quotedNames } from './erasure-rule.js';

/**
 * The crate an error says is missing (E0463 can't find crate for `x`; E0432/E0433 on a first path
 * segment that names nothing of the crate), or null. Verus would miss it too: not an erasure cause.
 */
export function findMissingCrate(error: Diagnostic, crate: CrateItemIndex): string | null {
  const [name] = quotedNames(error.message);
  if (name === undefined || !/^[A-Za-z_]\w*$/.test(name)) return null;
  if (error.code === 'E0463') return name;
  const unresolvedRoot = (error.code === 'E0432' && /^unresolved import /.test(error.message)) || (error.code === 'E0433' && /(module or crate|undeclared crate)/.test(error.message));
  return unresolvedRoot && !crate.declarations.has(name) ? name : null;
}

/** The hint for a missing crate: add it to the manifest. */
export function describeMissingCrate(name: string): string {
  return `the crate \`${name}\` is not a dependency in Cargo.toml: add it to [dependencies] (Verus needs it too)`;
}
