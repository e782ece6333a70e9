import type { ErasureCause } from '../../../core/verifier-precheck.js';
import { findErasedDeclaration } from './index-crate-items.js';
import { causeAt, findUseItemAt, quotedNames, type ErasureRule } from './erasure-rule.js';

/**
 * `use crate::defs::{aligned, MAX_BASE};` where every declaration of the imported names in the crate
 * is erased (a spec/proof fn or const inside verus!, or an item under #[cfg(verus_keep_ghost)]): the
 * import is left dangling in the erased build only (E0432). A name that also has a kept declaration
 * is not attributed: then the path itself may be wrong.
 */
export const GHOST_CRATE_IMPORT_RULE: ErasureRule = {
  rule: 'ghost-crate-import',
  async explain(error, context) {
    if (error.code !== 'E0432' || findUseItemAt(error, context) === null) return null;
    const paths = quotedNames(error.message);
    if (paths.length === 0 || !paths.every((entry) => /^(crate|self|super)::/.test(entry))) return null;
    const causes: ErasureCause[] = [];
    for (const entry of paths) {
      const declared = findErasedDeclaration(context.crate, entry.split('::').at(-1) ?? '');
      if (declared === null) return null;
      causes.push(causeAt('ghost-crate-import', error, entry, `${entry} is ${declared.erasedBecause ?? 'erased'} (${declared.file}:${declared.line})`));
    }
    return causes;
  },
};
