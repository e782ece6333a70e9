import type { Span } from '../../core/span.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** The significant tokens [first, end) that lie inside a span of the IR's source. */
export function tokenRangeOfSpan(ir: VerusFileIr, span: Pick<Span, 'byteStart' | 'byteEnd'>): [number, number] {
  const start = ir.source.indexAtByteOffset(span.byteStart);
  const end = ir.source.indexAtByteOffset(span.byteEnd);
  return [firstTokenStartingAtOrAfter(ir, start), firstTokenStartingAtOrAfter(ir, end)];
}

function firstTokenStartingAtOrAfter(ir: VerusFileIr, position: number): number {
  const starts = ir.tokens.starts;
  let low = 0;
  let high = ir.tokens.count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] ?? 0) < position) low = middle + 1;
    else high = middle;
  }
  return low;
}
