import { causeAt, quotedNames, type ErasureRule } from './erasure-rule.js';

const UNRESOLVED_NAME = new Set(['E0425', 'E0412', 'E0423', 'E0422', 'E0433', 'E0531', 'E0574']);

/**
 * A name the crate declares only under `#[cfg(verus_keep_ghost)]` (e.g. `#[cfg(verus_keep_ghost)]
 * pub tracked struct Token {}`), used where the erased build still sees it (`impl Token`, a
 * `Tracked<&mut Token>` parameter): that cfg is set by Verus alone, so only the erased build fails to
 * find it. Spec/proof items used by name in exec code are not attributed: Verus rejects that too.
 */
export const VERUS_ONLY_CRATE_ITEM_RULE: ErasureRule = {
  rule: 'verus-only-crate-item',
  async explain(error, context) {
    if (error.code === null || !UNRESOLVED_NAME.has(error.code)) return null;
    const [name] = quotedNames(error.message);
    const declared = name === undefined ? [] : context.crate.declarations.get(name) ?? [];
    if (name === undefined || declared.length === 0 || !declared.every((item) => item.verusOnly)) return null;
    const first = declared[0]!;
    return [causeAt('verus-only-crate-item', error, name, `${name} is declared only under #[cfg(verus_keep_ghost)], which only Verus sets (${first.file}:${first.line})`)];
  },
};
