import { ConfigurationError } from '../core/errors.js';
import { findCloseNames } from './find-close-names.js';

/**
 * Resolves `--fn` names to the qualified names the guard compares (`Stack::pop`,
 * `inner::Tree::insert`): an exact qualified name, or else a name matching the end of exactly one
 * qualified name in whole path segments (`pop` → `Stack::pop`). An unknown or ambiguous name is the
 * user's mistake: a ConfigurationError naming it and listing close names or the candidates.
 */
export function resolveTargetFunctions(requested: readonly string[], available: readonly string[], option = '--fn'): string[] {
  const resolved: string[] = [];
  for (const name of requested) {
    const qualified = resolveFunctionName(name, available, `${option} ${name}`);
    if (!resolved.includes(qualified)) resolved.push(qualified);
  }
  return resolved;
}

/** `--allow-spec-change FN.CLAUSE` selectors with FN resolved the same way (`pop.ensures` → `Stack::pop.ensures`). */
export function resolveSpecChangeSelectors(selectors: readonly string[], available: readonly string[]): string[] {
  return selectors.map((selector) => {
    const dot = selector.lastIndexOf('.');
    return `${resolveFunctionName(selector.slice(0, dot), available, `--allow-spec-change ${selector}`)}${selector.slice(dot)}`;
  });
}

function resolveFunctionName(name: string, available: readonly string[], context: string): string {
  const names = [...new Set(available)];
  if (names.includes(name)) return name;
  const matches = names.filter((candidate) => candidate.endsWith(`::${name}`));
  const [only] = matches;
  if (only !== undefined && matches.length === 1) return only;
  if (matches.length > 1) {
    throw new ConfigurationError(`${context} is ambiguous: it matches ${matches.join(', ')}; name one of them, e.g. ${context.split(' ')[0]} ${matches[0]}`);
  }
  const close = findCloseNames(name, names);
  const hint = close.length > 0 ? `did you mean ${close.join(', ')}?` : names.length > 0 ? `functions in the file: ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', ...' : ''}` : 'the file defines no function inside verus!';
  throw new ConfigurationError(`${context}: no function named ${name}; ${hint}`);
}
