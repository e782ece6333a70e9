import { describe, expect, it } from 'vitest';
import { mergeHarnessSegments } from './merge-harness-segments.js';
import type { HarnessLine } from './read-harness-output.js';

const summary = (start: number, next: number, tried: number, specPanics: Array<{ clause: number; count: number }> = []): HarnessLine => ({ type: 'summary', start, next, total: 40, tried, satisfying: tried - 1, exhaustive: 6, requiresPanicked: 1, specPanics });
const panic = (inputs: string[], message: string): HarnessLine => ({ type: 'panic', inputs, message, location: 'src/lib.rs:3:5' });

describe('mergeHarnessSegments', () => {
  it('adds up the counts of the processes, keeps their interruptions, and counts what no process reached', () => {
    const merged = mergeHarnessSegments([
      [panic(['0'], 'attempt to add with overflow'), { type: 'timed-out', index: 11, phase: 'call', inputs: ['18446744073709551615'], timeoutMs: 300 }, summary(0, 12, 11, [{ clause: 0, count: 2 }])],
      [panic(['7'], 'attempt to add with overflow'), { type: 'memory-exceeded', index: 15, phase: 'call', inputs: ['4294967295'], memoryMb: 32 }, summary(12, 16, 3, [{ clause: 0, count: 1 }, { clause: 1, count: 4 }])],
    ]);
    // The second process found the same kind of panic again: the first one's (on smaller inputs) stands.
    expect(merged.lines).toEqual([panic(['0'], 'attempt to add with overflow'), { type: 'summary', start: 0, next: 16, total: 40, tried: 14, satisfying: 12, exhaustive: 6, requiresPanicked: 2, specPanics: [{ clause: 0, count: 3 }, { clause: 1, count: 4 }] }]);
    expect(merged.interruptions.map((line) => [line.type, line.index])).toEqual([['timed-out', 11], ['memory-exceeded', 15]]);
    expect(merged.untried).toBe(24);
  });

  it('a single process that ran to the end leaves nothing untried', () => {
    expect(mergeHarnessSegments([[summary(0, 40, 40)]])).toMatchObject({ interruptions: [], untried: 0 });
  });
});
