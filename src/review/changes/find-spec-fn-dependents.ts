import type { FunctionVersion } from './parse-file-version.js';

/**
 * The spec functions whose meaning changed: those changed directly, then, to a fixed point, every
 * spec fn whose spec (its body or clauses) names one of them. Returns for each exec function the
 * changed spec fns its own spec names. Names match by their last path segment (`Type::view` is
 * called as `x.view()`), which may select a function too many, never one too few.
 */
export function findSpecFnDependents(functions: readonly FunctionVersion[], changedSpecFns: ReadonlySet<string>): Map<string, string[]> {
  const changed = new Set([...changedSpecFns].map(leafName));
  for (let grew = true; grew; ) {
    grew = false;
    for (const fn of functions) {
      if (fn.baseMode !== 'spec' || changed.has(leafName(fn.name))) continue;
      if (namesAny(fn.specText, changed).length > 0) {
        changed.add(leafName(fn.name));
        grew = true;
      }
    }
  }
  const dependents = new Map<string, string[]>();
  for (const fn of functions) {
    if (!fn.reviewable) continue;
    const used = namesAny(fn.specText, changed);
    if (used.length > 0) dependents.set(fn.name, used);
  }
  return dependents;
}

function leafName(name: string): string {
  const at = name.lastIndexOf('::');
  return at < 0 ? name : name.slice(at + 2);
}

/** The names of `names` that occur as whole identifiers in canonical token text. */
function namesAny(text: string, names: ReadonlySet<string>): string[] {
  const identifiers = new Set(text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
  return [...names].filter((name) => identifiers.has(name)).sort();
}
