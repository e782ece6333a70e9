import type { FunctionItem, VerusFileIr } from '../../ir/index.js';
import type { SingleEdit } from './locate-single-edit.js';

/**
 * The code a schema switches between a mutant and the original, in the original's UTF-16 offsets.
 * Only places where a value or a statement may stand are switched, never a place expression (an
 * assignment's left side, a method receiver, the operand of `&mut`): wrapping those in `if` would
 * move or copy what the original borrows, so the schema would not run the original's code.
 * - `statement`: a top-level statement of the function body, or its tail expression, replaced by
 *   `if active(k) { mutated } else { original }` (a block-like statement's value is `()`);
 * - `let-value`: the initializer of a top-level `let`, replaced by `(if ... )`;
 * - `body`: the inside of the body's braces, when the edit spans more than one statement.
 */
export interface SwitchRegion {
  kind: 'statement' | 'let-value' | 'body';
  start: number;
  end: number;
}

/** The region of `fn` that holds `edit`, or null when the schema cannot switch it (a `let` pattern or type, an item): that mutant is built on its own. */
export function chooseSwitchRegion(ir: VerusFileIr, fn: FunctionItem, edit: SingleEdit): SwitchRegion | null {
  const body = fn.body;
  if (body === null) return null;
  const toIndex = (byte: number): number => ir.source.indexAtByteOffset(byte);
  const bodyStart = toIndex(body.span.byteStart);
  const bodyEnd = toIndex(body.span.byteEnd);
  if (edit.start <= bodyStart || edit.end >= bodyEnd) return null;
  for (const statement of body.statements) {
    const start = toIndex(statement.span.byteStart);
    const end = toIndex(statement.span.byteEnd);
    if (edit.start < start || edit.end > end) continue;
    if (statement.kind === 'expression') return { kind: 'statement', start, end };
    if (statement.kind === 'let') return letValueRegion(ir, start, end, edit);
    return null;
  }
  return { kind: 'body', start: bodyStart + 1, end: bodyEnd - 1 };
}

/** The initializer of `let pattern = value;` (up to `;` or a let-else's `else`), when the edit is inside it. */
function letValueRegion(ir: VerusFileIr, start: number, end: number, edit: SingleEdit): SwitchRegion | null {
  const { tokens } = ir;
  let index = firstTokenAtOrAfter(ir, start);
  let equals = -1;
  let valueEnd = -1;
  for (; index < tokens.count && (tokens.starts[index] ?? end) < end; index++) {
    const text = tokens.texts[index] ?? '';
    if (equals < 0 && text === '=') equals = index;
    // A let-else's `else` never follows `}` (Rust refuses `let P = if c { a } else { b } else { .. }`); an if chain's does.
    else if (equals >= 0 && (text === ';' || (text === 'else' && tokens.texts[index - 1] !== '}'))) {
      valueEnd = tokens.starts[index] ?? end;
      break;
    }
    // A bracketed group is skipped whole: a `;` or `else` inside it is not the let's.
    const partner = tokens.partners[index] ?? -1;
    if (partner > index) index = partner;
  }
  if (equals < 0) return null;
  const valueStart = tokens.ends[equals] ?? end;
  const stop = valueEnd < 0 ? end : valueEnd;
  if (edit.start < valueStart || edit.end > stop) return null;
  return { kind: 'let-value', start: valueStart, end: stop };
}

function firstTokenAtOrAfter(ir: VerusFileIr, offset: number): number {
  const { starts, count } = ir.tokens;
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] ?? 0) < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}
