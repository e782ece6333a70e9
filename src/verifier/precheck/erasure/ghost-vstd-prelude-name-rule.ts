import type { UseItem } from '../../../ir/ir-item.js';
import type { IrItem } from '../../../ir/index.js';
import { causeAt, quotedNames, type ErasureRule } from './erasure-rule.js';

const UNRESOLVED_NAME = new Set(['E0425', 'E0412', 'E0423', 'E0422', 'E0531']);

/**
 * `unreached()` in exec code with `use vstd::prelude::*;`: a name a glob-imported vstd module
 * provides only when ghost code is kept (prelude.rs re-exports `unreached` and `arbitrary` under
 * #[cfg(verus_keep_ghost)]), so only the erased build fails to find it (E0425 cannot find function).
 */
export const GHOST_VSTD_PRELUDE_NAME_RULE: ErasureRule = {
  rule: 'ghost-vstd-prelude-name',
  async explain(error, context) {
    if (error.code === null || !UNRESOLVED_NAME.has(error.code) || context.vstd === null || error.primary === null) return null;
    const [name] = quotedNames(error.message);
    const ir = context.crate.files.get(error.primary.file);
    if (name === undefined || ir === undefined || !/ in this scope$/.test(error.message)) return null;
    for (const module of listVstdGlobModules(ir.items)) {
      const why = await context.vstd.explainGlobName(module, name);
      if (why !== null) return [causeAt('ghost-vstd-prelude-name', error, `vstd::${[...module, name].join('::')}`, why)];
    }
    return null;
  },
};

/** The vstd modules a file glob-imports anywhere (`use vstd::prelude::*;` gives [prelude]). */
function listVstdGlobModules(items: readonly IrItem[]): string[][] {
  const found: string[][] = [];
  const visit = (list: readonly IrItem[]) => {
    for (const item of list) {
      if (item.kind === 'use') found.push(...globModules(item));
      if (item.kind === 'module' && item.items !== null) visit(item.items);
    }
  };
  visit(items);
  return found;
}

function globModules(item: UseItem): string[][] {
  return item.paths.map((entry) => /^\s*vstd((?:::\w+)*)::\*\s*$/.exec(entry.replace(/\s+/g, ''))).filter((match) => match !== null).map((match) => (match[1] ?? '').split('::').filter((part) => part !== ''));
}
