import { InputError } from '../../core/errors.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** A minimal edit of a source file: replace the UTF-8 byte range [byteStart, byteEnd) (empty for an insertion) with `replacement`. */
export interface TextEdit {
  byteStart: number;
  byteEnd: number;
  replacement: string;
  /** What the edit does, e.g. `insert invariant into binary_search/loop#0`. */
  description: string;
}

/**
 * Applies non-overlapping edits to the IR's source and returns the new text; bytes outside the edits
 * are unchanged. Edits that overlap (share at least one byte, or an insertion strictly inside a
 * replaced range) are rejected with an InputError (`overlapping-edits`) at the second edit; edits
 * outside the file or splitting a character are `invalid-edit`. Insertions at the same offset apply
 * in the order given.
 */
export function applyTextEdits(ir: VerusFileIr, edits: readonly TextEdit[]): string {
  const source = ir.source;
  const byteLength = source.byteLength;
  const ordered = edits.map((edit, order) => ({ edit, order })).sort((left, right) => left.edit.byteStart - right.edit.byteStart || left.edit.byteEnd - right.edit.byteEnd || left.order - right.order);
  for (const { edit } of ordered) {
    const valid = Number.isInteger(edit.byteStart) && Number.isInteger(edit.byteEnd) && edit.byteStart >= 0 && edit.byteStart <= edit.byteEnd && edit.byteEnd <= byteLength;
    if (!valid || !isCharacterBoundary(ir, edit.byteStart) || !isCharacterBoundary(ir, edit.byteEnd)) {
      throw editError(ir, 'invalid-edit', `edit "${edit.description}" has an invalid byte range [${edit.byteStart}, ${edit.byteEnd})`, Math.min(Math.max(0, edit.byteStart), byteLength));
    }
  }
  for (let index = 1; index < ordered.length; index++) {
    const previous = ordered[index - 1]?.edit;
    const current = ordered[index]?.edit;
    if (previous !== undefined && current !== undefined && current.byteStart < previous.byteEnd) {
      throw editError(ir, 'overlapping-edits', `edit "${current.description}" overlaps edit "${previous.description}"`, current.byteStart);
    }
  }
  const parts: string[] = [];
  let cursor = 0;
  for (const { edit } of ordered) {
    const start = source.indexAtByteOffset(edit.byteStart);
    parts.push(source.text.slice(cursor, start), edit.replacement);
    cursor = source.indexAtByteOffset(edit.byteEnd);
  }
  parts.push(source.text.slice(cursor));
  return parts.join('');
}

function isCharacterBoundary(ir: VerusFileIr, byteOffset: number): boolean {
  return ir.source.byteOffsetAt(ir.source.indexAtByteOffset(byteOffset)) === byteOffset;
}

function editError(ir: VerusFileIr, reason: string, message: string, byteOffset: number): InputError {
  const index = ir.source.indexAtByteOffset(byteOffset);
  return new InputError(reason, message, { file: ir.file, line: ir.source.lineIndexAt(index) + 1, column: ir.source.columnAt(index) });
}
