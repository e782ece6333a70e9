import { describe, expect, it } from 'vitest';
import { createBenchProgress } from './render-bench-progress.js';

function stream(isTTY: boolean): { output: () => string; stream: NodeJS.WriteStream } {
  let text = '';
  return { output: () => text, stream: { isTTY, write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WriteStream };
}

describe('bench progress', () => {
  const finished = { type: 'attempt-finished' as const, key: 'a|s|r1', outcome: 'verified', iterationsToSuccess: 1, done: 3, total: 8, tokens: 4200, costUsd: 0.0123, correctSoFar: { 'm.none.s1.t0.2': '2/3' }, etaMs: 50_000 };

  it('rewrites one line on a TTY: attempts done of total, Correct so far per setting, spend and ETA', () => {
    const { output, stream: tty } = stream(true);
    const sink = createBenchProgress(tty);
    sink(finished);
    sink({ ...finished, done: 4 });
    expect(output()).toBe('\r\x1b[2K[3/8] m.none.s1.t0.2 2/3  $0.0123 (4200 tokens) ETA 50 s\r\x1b[2K[4/8] m.none.s1.t0.2 2/3  $0.0123 (4200 tokens) ETA 50 s');
  });

  it('prints plain lines elsewhere, and says where a budget stopped the bench', () => {
    const { output, stream: plain } = stream(false);
    const sink = createBenchProgress(plain);
    sink({ ...finished, costUsd: null });
    sink({ type: 'bench-stopped', reason: 'token budget reached: 5000 of 4000 tokens used; 5 of 8 attempts not run', done: 3, total: 8 });
    expect(output()).toBe('[3/8] m.none.s1.t0.2 2/3  4200 tokens ETA 50 s\nbench stopped: token budget reached: 5000 of 4000 tokens used; 5 of 8 attempts not run\n');
  });

  it('says how many lines of attempts.jsonl a resume skipped', () => {
    const { output, stream: plain } = stream(false);
    createBenchProgress(plain)({ type: 'bench-started', tasks: 2, settings: 1, attempts: 4, alreadyDone: 2, skippedAttemptLines: [3] });
    expect(output()).toBe('bench: 2 tasks × 1 settings: 4 attempts (2 already done)\nbench: 1 line of attempts.jsonl skipped (line 3): not whole attempt records (a bench killed mid-write, or an edited file); their attempts run again\n');
  });
});
