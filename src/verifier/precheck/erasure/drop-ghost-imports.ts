import type { ErasureFix } from '../../../core/verifier-precheck.js';
import { expandUseTree, type IrItem, type UseLeaf, type VerusFileIr } from '../../../ir/index.js';
import { findErasedDeclaration, type CrateItemIndex } from './index-crate-items.js';
import type { SourceEdit } from './plan-source-fixes.js';
import type { VstdGhostIndex } from './vstd-ghost-index.js';

/**
 * The `use` items outside `verus!` that import only what an erased build lacks (`use vstd::math::abs;`,
 * `use vstd::arithmetic::div_mod::{lemma_a, lemma_b};`, `use crate::defs::spec_fn;`), to blank in a
 * copy that must build erased: check-spec's harness crate. The same items make the pre-check not
 * applicable (ghost-vstd-import and ghost-crate-import rules), which is right for the pre-check,
 * whose report names the cause; the harness has to build and run the exec code. An item goes only
 * when every path it imports is explained (vstd's source or the crate's own erased declaration);
 * such a name can be used only by ghost code, which the erased build drops with it, so exec code
 * behaves the same. A glob or a path that exists erased keeps the item.
 */
export async function planGhostImportDrops(file: string, ir: VerusFileIr, crate: CrateItemIndex, vstd: VstdGhostIndex | null): Promise<{ edits: SourceEdit[]; fixes: ErasureFix[] }> {
  const edits: SourceEdit[] = [];
  const fixes: ErasureFix[] = [];
  for (const item of useItemsOutsideVerus(ir.items)) {
    const leaves = expandUseTree(item.name);
    const ghost: Array<{ leaf: UseLeaf; reason: string }> = [];
    for (const leaf of leaves) {
      const reason = await explainLeaf(leaf.path, crate, vstd);
      if (reason !== null) ghost.push({ leaf, reason });
    }
    if (ghost.length === 0) continue;
    const kept = leaves.filter((leaf) => !ghost.some((entry) => entry.leaf === leaf));
    const edit = kept.length === 0 ? { kind: 'blank' as const, byteStart: item.span.byteStart, byteEnd: item.span.byteEnd } : keepLeaves(item, kept);
    if (edit === null) continue;
    edits.push(edit);
    const removed = ghost.map(({ leaf, reason }) => `${leaf.path.join('::')} (${reason})`).join('; ');
    fixes.push({ kind: 'drop-ghost-import', file, line: item.span.lineStart, description: `${file}:${item.span.lineStart}: removed the import of ${removed}: only ghost code can use it` });
  }
  return { edits, fixes };
}

/**
 * The use item rewritten to import only `kept`, one `use` per name, in the item's own bytes (padded
 * with its newlines and spaces, so every later line and offset stays put); null when that does not
 * fit, or the item has attributes (a cfg on it would be lost).
 */
function keepLeaves(item: IrItem, kept: readonly UseLeaf[]): SourceEdit | null {
  if (item.attributes.length > 0) return null;
  const visibility = item.visibility === null ? '' : `${item.visibility} `;
  const text = kept.map((leaf) => `${visibility}use ${leaf.path.join('::')}${leaf.alias === null ? '' : ` as ${leaf.alias}`};`).join(' ');
  const length = item.span.byteEnd - item.span.byteStart;
  return Buffer.byteLength(text, 'utf8') > length ? null : { kind: 'replace', byteStart: item.span.byteStart, byteEnd: item.span.byteEnd, text };
}

function useItemsOutsideVerus(items: readonly IrItem[]): IrItem[] {
  return items.flatMap((item) => {
    if (item.insideVerus) return [];
    if (item.kind === 'use') return [item];
    return item.kind === 'module' && item.items !== null ? useItemsOutsideVerus(item.items) : [];
  });
}

async function explainLeaf(leaf: string[], crate: CrateItemIndex, vstd: VstdGhostIndex | null): Promise<string | null> {
  const [root, ...rest] = leaf;
  if (rest.length === 0 || rest.includes('*')) return null;
  if (root === 'vstd') return vstd === null ? null : vstd.explainPath(rest);
  if (root === 'crate' || root === 'self' || root === 'super') {
    const declared = findErasedDeclaration(crate, rest.at(-1)!);
    return declared === null ? null : `${leaf.join('::')} is ${declared.erasedBecause ?? 'erased'} (${declared.file}:${declared.line})`;
  }
  return null;
}
