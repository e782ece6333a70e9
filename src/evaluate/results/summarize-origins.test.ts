import { describe, expect, it } from 'vitest';
import type { AttemptRecord } from '../attempts/attempt-record.js';
import type { BenchSetting } from '../grids/bench-grid.js';
import type { BenchTask } from '../suites/bench-task.js';
import { renderBenchMarkdown } from '../render/render-bench-markdown.js';
import { summarizeBench } from './summarize-bench.js';
import { summarizeOrigins } from './summarize-origins.js';
import { buildSyntheticAttempt } from '../attempts/testing-attempt-record.js';

const FAKE = { kind: 'local', tool: 'cargo-verus', program: '/repo/test/fakes/bin/cargo-verus', verusVersion: 'fake' } as const;
const PINNED = { kind: 'docker', image: 'verus-repair/verus', digest: 'sha256:abc', verusVersion: '0.2026.06.07.cd03505' } as const;
const ENDPOINT = { kind: 'endpoint', url: 'http://127.0.0.1:8080/v1', recordingTo: null } as const;
const task: BenchTask = { id: 'a', crateDir: null, file: 'src/lib.rs', brokenSource: '', originalSource: null, functions: [], defectClass: 'inv', expectedFailingFunction: null, defects: 1, origin: 'synthetic' };
const setting = (id: string): BenchSetting => ({ id, model: { name: 'm', baseUrl: null, apiKeyEnv: 'K', prices: null }, feedback: 'none', samples: 1, temperature: 0, iterations: 1 });

describe('summarizeOrigins', () => {
  it('names each verifier and model origin once, and flags a fake verifier and a replayed model', () => {
    const records = [1, 2].map((repetition) => buildSyntheticAttempt('a', 's', repetition, 1, {
      verifierOrigins: [FAKE, { kind: 'cache', of: FAKE }], modelOrigin: { kind: 'cassette', file: `/bench/cassettes/a--s--r${repetition}.jsonl` },
    }));
    expect(summarizeOrigins(records)).toEqual({
      verifier: ['cache of local cargo-verus at /repo/test/fakes/bin/cargo-verus, Verus fake', 'local cargo-verus at /repo/test/fakes/bin/cargo-verus, Verus fake'],
      model: ['replayed from 2 cassette(s) in /bench/cassettes'],
      caveats: ['fake verifier', 'replayed model'],
    });
  });

  it('has no caveat for a pinned image and a live endpoint, and says when an older attempt recorded no origins', () => {
    expect(summarizeOrigins([buildSyntheticAttempt('a', 's', 1, 1, { verifierOrigins: [PINNED], modelOrigin: ENDPOINT })]).caveats).toEqual([]);
    const { verifierOrigins: _v, modelOrigin: _m, ...older } = buildSyntheticAttempt('a', 's', 1, 1);
    expect(summarizeOrigins([older as AttemptRecord])).toEqual({ verifier: [], model: [], caveats: ['origins not recorded'] });
  });
});

describe('bench summary origins', () => {
  it('says next to every figure of a setting that it came from a replay, and lists the origins per setting where they differ', () => {
    const summary = summarizeBench({
      suite: 's', tasks: [task], settings: [setting('live'), setting('replay')], iterations: 1, seeds: [1], stopped: null,
      validity: [{ valid: true, taskId: 'a', baselineErrors: {} }],
      records: [
        buildSyntheticAttempt('a', 'live', 1, 1, { verifierOrigins: [PINNED], modelOrigin: ENDPOINT }),
        buildSyntheticAttempt('a', 'replay', 1, 1, { verifierOrigins: [PINNED], modelOrigin: { kind: 'cassette', file: '/c/a.jsonl' } }),
      ],
    });
    const markdown = renderBenchMarkdown(summary);
    expect(markdown).toContain('| live | docker verus-repair/verus@sha256:abc, Verus 0.2026.06.07.cd03505 | endpoint http://127.0.0.1:8080/v1 |');
    expect(markdown).toContain('| replay | docker verus-repair/verus@sha256:abc, Verus 0.2026.06.07.cd03505 | replayed from 1 cassette(s) in /c |');
    const rows = markdown.split('\n').filter((line) => /^\| (live|replay)\b/.test(line) && !line.includes('docker'));
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.startsWith('| replay (replayed model) |') || row.startsWith('| live |')).toBe(true);
    expect(markdown).not.toMatch(/\breal\b/);
  });
});
