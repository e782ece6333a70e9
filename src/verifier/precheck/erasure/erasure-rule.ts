import type { Diagnostic } from '../../../core/diagnostic.js';
import type { ErasureCause } from '../../../core/verifier-precheck.js';
import type { UseItem } from '../../../ir/ir-item.js';
import type { IrItem } from '../../../ir/index.js';
import type { CrateItemIndex } from './index-crate-items.js';
import type { VstdGhostIndex } from './vstd-ghost-index.js';

/** What a rule may look at besides the error: the crate's items and vstd's source (null when vstd's source is not found). */
export interface ErasureRuleContext {
  crate: CrateItemIndex;
  vstd: VstdGhostIndex | null;
}

/**
 * One cause of an erased-build error that Verus does not see. `explain` returns the causes (one per
 * item the error names) when every item the error names is explained, else null: an error that is
 * only partly explained is not attributed.
 */
export interface ErasureRule {
  rule: ErasureCause['rule'];
  explain(error: Diagnostic, context: ErasureRuleContext): Promise<ErasureCause[] | null>;
}

/** The `use` item (at any depth) whose span holds the error's primary span, or null. */
export function findUseItemAt(error: Diagnostic, context: ErasureRuleContext): UseItem | null {
  const primary = error.primary;
  const ir = primary === null ? undefined : context.crate.files.get(primary.file);
  if (primary === null || ir === undefined || primary.byteStart === null) return null;
  const search = (items: readonly IrItem[]): UseItem | null => {
    for (const item of items) {
      if (item.span.byteStart > primary.byteStart! || item.span.byteEnd < primary.byteStart!) continue;
      if (item.kind === 'use') return item;
      if ((item.kind === 'module' || item.kind === 'impl' || item.kind === 'trait') && item.items !== null) {
        const found = search(item.items);
        if (found !== null) return found;
      }
    }
    return null;
  };
  return search(ir.items);
}

/** The backquoted names of a rustc message, in order: ``unresolved imports `a::b`, `c` `` gives a::b, c. */
export function quotedNames(message: string): string[] {
  return [...message.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
}

export function causeAt(rule: ErasureCause['rule'], error: Diagnostic, item: string, description: string): ErasureCause {
  return { rule, file: error.primary?.file ?? '', line: error.primary?.line ?? 0, item, description };
}
