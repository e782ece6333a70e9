/**
 * Fast access to a web-tree-sitter TreeCursor. The public TreeCursor API copies the cursor into and
 * out of the WASM transfer buffer on every call: on a 50k-line file (411k nodes) its walk took about
 * 700 ms against about 220 ms this way, for a parse of 750-1000 ms. The cursor state is only ever
 * read from that buffer, so we copy it in once, call the raw exports directly for the whole walk, and
 * copy it back before the cursor is deleted.
 * This relies on web-tree-sitter 0.27.2 internals (pinned exactly in package.json); when the exports
 * are not there (another version, or Parser.init called elsewhere first) the caller falls back to the
 * public API, and a test checks that both walks agree.
 */

/** The cursor moves and reads a tree walk needs. */
export interface CursorOperations {
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  typeId(): number;
  startIndex(): number;
  endIndex(): number;
  isMissing(): boolean;
}

type RawCursorCall = (tree: number) => number;

interface RawExports {
  _ts_init(): number;
  HEAP32: Int32Array;
  _ts_tree_cursor_goto_first_child_wasm: RawCursorCall;
  _ts_tree_cursor_goto_next_sibling_wasm: RawCursorCall;
  _ts_tree_cursor_goto_parent_wasm: RawCursorCall;
  _ts_tree_cursor_current_node_type_id_wasm: RawCursorCall;
  _ts_tree_cursor_start_index_wasm: RawCursorCall;
  _ts_tree_cursor_end_index_wasm: RawCursorCall;
  _ts_tree_cursor_current_node_is_missing_wasm: RawCursorCall;
}

const RAW_FUNCTIONS = [
  '_ts_init',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
  '_ts_tree_cursor_current_node_is_missing_wasm',
] as const;

export interface DirectCursor {
  operations: CursorOperations;
  /** Copies the cursor state back into the TreeCursor object so that its delete() frees the right memory. */
  close(): void;
}

export function openDirectCursor(wasmModule: Record<string, unknown>, tree: unknown, cursor: unknown): DirectCursor | null {
  if (!RAW_FUNCTIONS.every((name) => typeof wasmModule[name] === 'function')) return null;
  if (!(wasmModule['HEAP32'] instanceof Int32Array)) return null;
  const treeAddress = (tree as Record<number, unknown>)[0];
  const handles = (cursor as { handles?: unknown }).handles;
  if (typeof treeAddress !== 'number' || !Array.isArray(handles) || handles.length !== 4) return null;
  const raw = wasmModule as unknown as RawExports;
  const transfer = raw._ts_init() >> 2;
  for (let k = 0; k < 4; k++) raw.HEAP32[transfer + k] = Number(handles[k]);
  return {
    operations: {
      gotoFirstChild: () => raw._ts_tree_cursor_goto_first_child_wasm(treeAddress) === 1,
      gotoNextSibling: () => raw._ts_tree_cursor_goto_next_sibling_wasm(treeAddress) === 1,
      gotoParent: () => raw._ts_tree_cursor_goto_parent_wasm(treeAddress) === 1,
      typeId: () => raw._ts_tree_cursor_current_node_type_id_wasm(treeAddress),
      startIndex: () => raw._ts_tree_cursor_start_index_wasm(treeAddress),
      endIndex: () => raw._ts_tree_cursor_end_index_wasm(treeAddress),
      isMissing: () => raw._ts_tree_cursor_current_node_is_missing_wasm(treeAddress) === 1,
    },
    close() {
      // Memory growth during the walk replaces the HEAP32 view, so read the current one.
      const heap = raw.HEAP32;
      for (let k = 0; k < 4; k++) handles[k] = heap[transfer + k];
    },
  };
}
