import { TOKEN_KIND, type ErrorRegion, type MissingToken, type OutlineNode, type SyntaxScan } from '../../core/source-parser.js';
import { ATOMIC_FLAG, CATEGORY_FLAGS, FIXED_TEXT_FLAG, LEAF_FLAG, type NodeCategories } from './categorize-node-types.js';
import type { CursorOperations } from './direct-tree-cursor.js';
import { createTokenBuffer, type TokenBuffer } from './token-buffer.js';

/** tree-sitter's type id for ERROR nodes. */
const ERROR_TYPE_ID = 65535;

interface WalkState {
  cursor: CursorOperations;
  categories: NodeCategories;
  text: string;
  buffer: TokenBuffer;
  missing: MissingToken[];
  errors: ErrorRegion[];
}

/**
 * Walks a whole tree once (cursor on the root) and flattens it: every leaf becomes a token, literal
 * and comment subtrees become one token each, zero-width MISSING leaves are listed apart, ERROR nodes
 * are listed as regions, and the root's children become the outline. Leaf types known to have no
 * children are not asked for one, and tokens whose text is their grammar string are tagged so the IR
 * never slices them.
 */
export function walkSyntaxTree(cursor: CursorOperations, categories: NodeCategories, text: string): SyntaxScan {
  // About one token per four characters of Rust: start near the final size instead of doubling up to it.
  const buffer = createTokenBuffer(categories.names, Math.max(4096, text.length >> 2));
  const state: WalkState = { cursor, categories, text, buffer, missing: [], errors: [] };
  const outline: OutlineNode[] = [];
  if (cursor.gotoFirstChild()) {
    do {
      const typeId = cursor.typeId();
      const firstToken = state.buffer.count;
      walkSubtree(state);
      if (state.buffer.count === firstToken) continue;
      const kind = typeId === ERROR_TYPE_ID ? 'error' : categories.names[typeId] === 'attribute_item' ? 'attribute' : 'item';
      outline.push({ kind, firstToken, endToken: state.buffer.count });
    } while (cursor.gotoNextSibling());
  }
  return { tokens: state.buffer.finish(), outline, missing: state.missing, errors: state.errors };
}

/** Emits every leaf of the node under the cursor and leaves the cursor back on that node. */
function walkSubtree(state: WalkState): void {
  const { cursor, categories } = state;
  const kinds = categories.kinds;
  let depth = 0;
  for (;;) {
    const typeId = cursor.typeId();
    const category = typeId === ERROR_TYPE_ID ? 0 : (kinds[typeId] ?? 0);
    let descended = false;
    if (typeId === ERROR_TYPE_ID) {
      const start = cursor.startIndex();
      const end = cursor.endIndex();
      descended = cursor.gotoFirstChild();
      if (descended) state.errors.push({ start, end });
    } else if ((category & (ATOMIC_FLAG | LEAF_FLAG)) === 0) {
      descended = cursor.gotoFirstChild();
    }
    if (descended) {
      depth++;
      continue;
    }
    emitLeaf(state, typeId, category);
    while (depth > 0 && !cursor.gotoNextSibling()) {
      cursor.gotoParent();
      depth--;
    }
    if (depth === 0) return;
  }
}

function emitLeaf(state: WalkState, typeId: number, category: number): void {
  const start = state.cursor.startIndex();
  const end = state.cursor.endIndex();
  const name = state.categories.names[typeId] ?? '';
  if (end > start) {
    // An anonymous token's text is normally its type name; the check keeps aliased ones (`b"` named `"`) honest.
    const fixed = (category & FIXED_TEXT_FLAG) !== 0 && end - start === name.length && state.text.startsWith(name, start) ? typeId : -1;
    state.buffer.push(category === 0 ? TOKEN_KIND.unrecognized : category & ~CATEGORY_FLAGS, start, end, fixed);
  } else if (state.cursor.isMissing()) {
    state.missing.push({ position: start, text: name });
  }
}
