import type { SourceTokens } from '../../core/source-parser.js';

/** A growable struct-of-arrays token list, filled by a SourceParser adapter. */
export interface TokenBuffer {
  readonly count: number;
  /** `fixedTextIndex` indexes `fixedTexts` (see SourceTokens), or -1. */
  push(kind: number, start: number, end: number, fixedTextIndex: number): void;
  finish(): SourceTokens;
}

export function createTokenBuffer(fixedTexts: readonly string[], initialCapacity = 4096): TokenBuffer {
  let capacity = initialCapacity;
  let kinds = new Uint8Array(capacity);
  let starts = new Int32Array(capacity);
  let ends = new Int32Array(capacity);
  let fixed = new Int32Array(capacity);
  let count = 0;

  function grow(): void {
    capacity *= 2;
    const nextKinds = new Uint8Array(capacity);
    const nextStarts = new Int32Array(capacity);
    const nextEnds = new Int32Array(capacity);
    const nextFixed = new Int32Array(capacity);
    nextKinds.set(kinds);
    nextStarts.set(starts);
    nextEnds.set(ends);
    nextFixed.set(fixed);
    kinds = nextKinds;
    starts = nextStarts;
    ends = nextEnds;
    fixed = nextFixed;
  }

  return {
    get count() {
      return count;
    },
    push(kind, start, end, fixedTextIndex) {
      if (count === capacity) grow();
      kinds[count] = kind;
      starts[count] = start;
      ends[count] = end;
      fixed[count] = fixedTextIndex;
      count++;
    },
    finish() {
      return {
        count,
        kinds: kinds.subarray(0, count),
        starts: starts.subarray(0, count),
        ends: ends.subarray(0, count),
        fixedTextIndices: fixed.subarray(0, count),
        fixedTexts,
      };
    },
  };
}
