import { GHOST_CRATE_IMPORT_RULE } from './ghost-crate-import-rule.js';
import { GHOST_VSTD_IMPORT_RULE } from './ghost-vstd-import-rule.js';
import { GHOST_VSTD_PRELUDE_NAME_RULE } from './ghost-vstd-prelude-name-rule.js';
import type { ErasureRule } from './erasure-rule.js';
import { VERUS_ONLY_CRATE_ITEM_RULE } from './verus-only-crate-item-rule.js';

/**
 * The causes of erased-build errors that Verus does not see, one rule each (rust-fixtures/erasure/
 * has a fixture per rule). Anything no rule explains stays a failed pre-check.
 */
export const ERASURE_RULES: readonly ErasureRule[] = [GHOST_VSTD_IMPORT_RULE, GHOST_CRATE_IMPORT_RULE, GHOST_VSTD_PRELUDE_NAME_RULE, VERUS_ONLY_CRATE_ITEM_RULE];
