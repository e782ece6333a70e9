import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressRenderer } from './render-repair-progress.js';

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; output: () => string } {
  let written = '';
  const stream = { isTTY, write: (chunk: string) => ((written += chunk), true) } as unknown as NodeJS.WriteStream;
  return { stream, output: () => written };
}

describe('progress while waiting on the model', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a spinner with the elapsed time on a TTY, and removes it when the answer comes', () => {
    const { stream, output } = fakeStream(true);
    const progress = createProgressRenderer(stream);
    progress.sink({ type: 'candidate-stage', iteration: 0, sample: 0, origin: 'model', stage: 'verify' });
    progress.sink({ type: 'iteration-started', iteration: 2 });
    progress.sink({ type: 'model-waiting', elapsedMs: 0 });
    vi.advanceTimersByTime(1_250);
    const waiting = output().split('\r\x1b[2K').at(-1) ?? '';
    expect(waiting).toMatch(/^ {2}iteration 2: waiting for the model [-\\|/] 1\.3s$/);
    vi.advanceTimersByTime(250);
    expect(output().split('\r\x1b[2K').at(-1)).toMatch(/waiting for the model [-\\|/] 1\.5s$/);
    progress.sink({ type: 'model-finished', elapsedMs: 1_500, outcome: 'answered' });
    // The line is cleared, and no earlier step's status (the baseline's) comes back.
    expect(output().endsWith('\r\x1b[2K')).toBe(true);
    const before = output().length;
    vi.advanceTimersByTime(1_000);
    expect(output().slice(before)).toBe('');
    progress.stop();
  });

  it('prints a line now and then without a TTY, so a log shows the run is not stuck', () => {
    const { stream, output } = fakeStream(false);
    const progress = createProgressRenderer(stream);
    progress.sink({ type: 'iteration-started', iteration: 1 });
    for (let elapsed = 0; elapsed <= 65_000; elapsed += 5_000) progress.sink({ type: 'model-waiting', elapsedMs: elapsed });
    progress.sink({ type: 'model-finished', elapsedMs: 66_000, outcome: 'failed' });
    expect(output()).toBe('iteration 1: asking the editor\n  still waiting for the model (15s)\n  still waiting for the model (30s)\n  still waiting for the model (60s)\n');
    progress.stop();
  });
});

describe('model adaptations in the progress output', () => {
  it('prints each adaptation as one line under the run header, with escapes from the endpoint\'s words removed', () => {
    const { stream, output } = fakeStream(false);
    const progress = createProgressRenderer(stream);
    progress.sink({ type: 'model-adapted', parameter: 'temperature', change: 'no temperature is sent (the endpoint uses its default)', reason: "HTTP 400: 400 Unsupported value: 'temperature'\x1b[31m" });
    expect(output()).toBe("  model adapted: temperature: no temperature is sent (the endpoint uses its default) (HTTP 400: 400 Unsupported value: 'temperature')\n");
    progress.stop();
  });
});

describe('progress names where verdicts and model answers came from', () => {
  it('says the model origin in the header, the baseline verdict\'s origin under it, and both at the end', () => {
    const { stream, output } = fakeStream(false);
    const progress = createProgressRenderer(stream);
    const fake = { kind: 'local', tool: 'cargo-verus', program: '/repo/test/fakes/bin/cargo-verus', verusVersion: 'fake' } as const;
    const cassette = { kind: 'cassette', file: '/runs/c.jsonl' } as const;
    progress.sink({ type: 'run-started', runId: 'r', crate: '.', file: 'src/lib.rs', model: 'm', modelOrigin: cassette, feedbackLevel: 'auto', samples: 1, iterations: 1, resumedFrom: 0, untrackedLeftOut: [] });
    progress.sink({ type: 'baseline', result: 'failed', failingFunctions: ['f'], errors: {}, verifierOrigin: fake });
    progress.sink({ type: 'run-finished', runId: 'r', outcome: 'verified', stopReason: 'a candidate verified', ledgerBranch: 'verus-repair/r', reportFiles: [], verifierOrigins: [fake, { kind: 'cache', of: fake }], modelOrigin: cassette });
    progress.stop();
    const lines = output().split('\n');
    expect(lines[0]).toContain('model m (replayed from /runs/c.jsonl)');
    expect(lines).toContain('  verifier: local cargo-verus at /repo/test/fakes/bin/cargo-verus, Verus fake');
    expect(lines).toContain('verifier: local cargo-verus at /repo/test/fakes/bin/cargo-verus, Verus fake; cache of local cargo-verus at /repo/test/fakes/bin/cargo-verus, Verus fake');
    expect(lines).toContain('model: replayed from /runs/c.jsonl');
    expect(output()).not.toMatch(/\breal\b/);
  });
});
