import type { ErasureCause } from '../../../core/verifier-precheck.js';
import { causeAt, findUseItemAt, quotedNames, type ErasureRule } from './erasure-rule.js';

/**
 * `use vstd::math::abs;`, `use vstd::std_specs::bits::u64_leading_zeros;`: an import of a vstd item
 * that exists only when ghost code is kept (E0432 unresolved import, E0433 cannot find `std_specs`
 * in `vstd`). Decided from vstd's source (VstdGhostIndex), not a list of names.
 */
export const GHOST_VSTD_IMPORT_RULE: ErasureRule = {
  rule: 'ghost-vstd-import',
  async explain(error, context) {
    if ((error.code !== 'E0432' && error.code !== 'E0433') || context.vstd === null) return null;
    const use = findUseItemAt(error, context);
    if (use === null) return null;
    const paths = error.code === 'E0432' ? quotedNames(error.message) : findPathInUse(use.name, quotedNames(error.message));
    if (paths.length === 0 || !paths.every((entry) => entry.startsWith('vstd::'))) return null;
    const causes: ErasureCause[] = [];
    for (const entry of paths) {
      const why = await context.vstd.explainPath(entry.split('::').slice(1));
      if (why === null) return null;
      causes.push(causeAt('ghost-vstd-import', error, entry, why));
    }
    return causes;
  },
};

/** For ``cannot find `X` in `Y` ``: the vstd path of the use tree that reaches X through Y, e.g. vstd::std_specs. */
function findPathInUse(useTree: string, [missing, parent]: string[]): string[] {
  if (missing === undefined || parent === undefined) return [];
  const match = new RegExp(`\\bvstd((?:\\s*::\\s*\\w+)*?)\\s*::\\s*${escape(missing)}\\b`).exec(useTree.replace(/\s+/g, ' '));
  if (match === null) return [];
  const path = `vstd${(match[1] ?? '').replace(/\s+/g, '')}::${missing}`;
  return path.split('::').at(-2) === parent.split('::').at(-1) ? [path] : [];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
