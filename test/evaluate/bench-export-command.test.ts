import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../run-cli-in-process.js';
import type { AttemptRecord } from '../../src/evaluate/attempts/attempt-record.js';
import type { BenchSetting } from '../../src/evaluate/grids/bench-grid.js';
import type { BenchTask } from '../../src/evaluate/suites/bench-task.js';
import type { PublishedSuite } from '../../src/evaluate/suites/published-suites.js';
import { summarizeBench } from '../../src/evaluate/results/summarize-bench.js';
import { buildSyntheticAttempt } from '../../src/evaluate/attempts/testing-attempt-record.js';

let scratch: string | null = null;
afterEach(() => {
  if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

const setting = (id: string, priced: boolean): BenchSetting => ({ id, model: { name: 'gpt-4o', baseUrl: null, apiKeyEnv: 'K', prices: priced ? { inputPerMillion: 2.5, outputPerMillion: 10 } : null }, feedback: 'none', samples: 1, temperature: 0, iterations: 2 });
const task = (id: string, category: string, publishedSuite: PublishedSuite | null): BenchTask => ({ id, crateDir: null, file: 'src/lib.rs', brokenSource: '', originalSource: null, functions: [], defectClass: null, expectedFailingFunction: null, defects: 1, origin: 'synthetic', category, publishedSuite });
/** As if from a Verus run and a model endpoint (synthetic records, so the export's arithmetic can be checked by hand). */
const measured: Partial<AttemptRecord> = { verifierOrigins: [{ kind: 'local', tool: 'cargo-verus', program: '/opt/verus/cargo-verus', verusVersion: '0.2026.06.07.cd03505' }], modelOrigin: { kind: 'endpoint', url: 'https://api.example.invalid/v1', recordingTo: null } };

/** A bench directory written from synthetic attempts: summary.json, settings.json, attempts.jsonl. */
function writeBenchDirectory(options: { publishedSuite: PublishedSuite | null; records: AttemptRecord[]; settings: BenchSetting[]; stopped?: string | null; seeds?: number[] }): string {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  const dir = path.join(scratch, 'bench-out');
  mkdirSync(dir);
  const tasks = [task('MBPP.a', 'MBPP', options.publishedSuite), task('MBPP.b', 'MBPP', options.publishedSuite), task('Diffy.c', 'Diffy', options.publishedSuite), task('Misc.d', 'Misc', options.publishedSuite)];
  const summary = summarizeBench({
    suite: 'Verus-Bench', tasks, settings: options.settings, iterations: 2, seeds: options.seeds ?? [1], stopped: options.stopped ?? null, records: options.records,
    validity: [...['MBPP.a', 'MBPP.b', 'Diffy.c'].map((taskId) => ({ valid: true as const, taskId, baselineErrors: {} })), { valid: false, taskId: 'Misc.d', reason: 'precheck-failed', detail: 'x' }],
  });
  writeFileSync(path.join(dir, 'summary.json'), JSON.stringify(summary));
  writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(options.settings));
  writeFileSync(path.join(dir, 'attempts.jsonl'), options.records.map((record) => `${JSON.stringify(record)}\n`).join(''));
  return dir;
}

const readSubmissions = (dir: string): Array<Record<string, any>> => readdirSync(dir).sort().map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, any>);

describe('verus-repair bench export --leaderboard (synthetic bench directories)', () => {
  it('counts Verus-Bench by source over every task, measured figures say so, and cost per task appears only when priced', async () => {
    const x = setting('gpt-4o.none.s1.t0', true);
    const y = setting('gpt-4o.generic.s1.t0', false);
    const records = [
      buildSyntheticAttempt('MBPP.a', x.id, 1, 1, { ...measured, wallTimeMs: 30_000, modelCalls: 1, promptTokens: 1000, completionTokens: 500, costUsd: 0.0075 }),
      buildSyntheticAttempt('MBPP.b', x.id, 1, null, { ...measured, wallTimeMs: 60_000, modelCalls: 2, promptTokens: 2000, completionTokens: 1001, costUsd: 0.015 }),
      buildSyntheticAttempt('Diffy.c', x.id, 1, 2, { ...measured, wallTimeMs: 45_000, modelCalls: 2, promptTokens: 1500, completionTokens: 700, costUsd: 0.01 }),
      ...['MBPP.a', 'MBPP.b', 'Diffy.c'].map((taskId) => buildSyntheticAttempt(taskId, y.id, 1, 1, { ...measured, costUsd: null })),
    ];
    const dir = writeBenchDirectory({ publishedSuite: 'Verus-Bench', records, settings: [x, y] });
    const run = await runCliInProcess('bench', 'export', dir, '--leaderboard', '--submission-id', 'vr-1');
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    // Default --out: <DIR>/leaderboard; one file per setting, the given id suffixed with the setting.
    expect(readdirSync(path.join(dir, 'leaderboard')).sort()).toEqual(['vr-1-gpt-4o.generic.s1.t0.json', 'vr-1-gpt-4o.none.s1.t0.json']);
    const [generic, none] = readSubmissions(path.join(dir, 'leaderboard'));
    expect(none).toMatchObject({
      submission_id: 'vr-1-gpt-4o.none.s1.t0', system_name: 'verus-repair', model: 'gpt-4o', benchmark: 'Verus-Bench',
      // 2 solved of all 4 tasks (the invalid Misc task counts as not solved); averages over the 3 attempted.
      results: { solved: 2, total: 4, percent_solved: 50, avg_time_seconds: 45, avg_llm_calls: 1.67, avg_tokens: 2234, avg_cost_usd: 0.0108 },
      breakdown: [{ category: 'Diffy', solved: 1, total: 1 }, { category: 'MBPP', solved: 1, total: 2 }, { category: 'Misc', solved: 0, total: 1 }],
      provenance: { measurement: true, complete: true, caveats: [], verifier: ['local cargo-verus at /opt/verus/cargo-verus, Verus 0.2026.06.07.cd03505'] },
    });
    expect(none?.['date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(none?.['notes']).not.toContain('NOT A MEASUREMENT');
    expect(none?.['verus_repair']).toMatchObject({ attempted: 3, not_attempted: [{ task: 'Misc.d', reason: 'invalid: precheck-failed' }], total_cost_usd: 0.0325, benchmark_from: 'suite layout' });
    expect(generic?.['results']).not.toHaveProperty('avg_cost_usd');
    expect(generic?.['results']).toMatchObject({ solved: 3, total: 4, percent_solved: 75 });
    expect(generic?.['verus_repair'].total_cost_usd).toBeNull();
  });

  it('needs --benchmark for a part of a suite (a batch), and marks figures from recorded outputs and cassettes as no measurement', async () => {
    const x = setting('m.none.s1.t0', true);
    const dir = writeBenchDirectory({ publishedSuite: null, settings: [x], records: ['MBPP.a', 'MBPP.b', 'Diffy.c'].map((taskId) => buildSyntheticAttempt(taskId, x.id, 1, 1)) });
    const out = path.join(scratch ?? '', 'submissions');
    const refused = await runCliInProcess('bench', 'export', dir, '--leaderboard', '--out', out);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toContain('cannot tell which benchmark Verus-Bench is');
    expect(refused.stderr).toContain('--benchmark Verus-Bench|VeruSAGE-Bench|VeruSAGE-Bench-Sampled');
    expect(existsSync(out)).toBe(false);
    const run = await runCliInProcess('bench', 'export', dir, '--leaderboard', '--out', out, '--benchmark', 'Verus-Bench');
    expect(run.exitCode).toBe(0);
    const [submission] = readSubmissions(out);
    expect(submission?.['provenance']).toMatchObject({ measurement: false, caveats: ['replayed model', 'synthetic recorded verifier outputs'] });
    expect(submission?.['notes']).toMatch(/^NOT A MEASUREMENT \(replayed model; synthetic recorded verifier outputs\)\./);
    expect(submission?.['verus_repair'].benchmark_from).toBe('--benchmark');
    expect(run.stdout).toContain('not a measurement (replayed model; synthetic recorded verifier outputs)');
  });

  it('reports a bench a budget stopped as incomplete, its unrun tasks counted unsolved, and uses repetition 1 with every repetition listed', async () => {
    const x = setting('m.none.s1.t0', true);
    const records = [buildSyntheticAttempt('MBPP.a', x.id, 1, 1, { ...measured, seed: 7 }), buildSyntheticAttempt('MBPP.a', x.id, 2, null, { ...measured, seed: 8 }), buildSyntheticAttempt('MBPP.b', x.id, 2, 1, { ...measured, seed: 8 })];
    const dir = writeBenchDirectory({ publishedSuite: 'Verus-Bench', settings: [x], records, stopped: 'token budget reached', seeds: [7, 8] });
    const run = await runCliInProcess('bench', 'export', dir, '--leaderboard');
    expect(run.exitCode).toBe(0);
    const [submission] = readSubmissions(path.join(dir, 'leaderboard'));
    expect(submission?.['results']).toMatchObject({ solved: 1, total: 4, percent_solved: 25 });
    expect(submission?.['provenance']).toMatchObject({ measurement: true, complete: false });
    expect(submission?.['notes']).toContain('Incomplete: 2 valid task(s) have no finished attempt');
    expect(submission?.['verus_repair'].repetition).toEqual({ used: 1, seed: 7, all: [{ repetition: 1, seed: 7, solved: 1, attempted: 1 }, { repetition: 2, seed: 8, solved: 1, attempted: 2 }] });
    expect(submission?.['verus_repair'].not_attempted).toContainEqual({ task: 'MBPP.b', reason: 'not run: token budget reached' });
    expect(run.stdout).toContain('incomplete: some valid tasks have no finished attempt');
  });

  it('checks --out before anything: a path inside .git is refused and nothing is written', async () => {
    const x = setting('m.none.s1.t0', true);
    const dir = writeBenchDirectory({ publishedSuite: 'Verus-Bench', settings: [x], records: [buildSyntheticAttempt('MBPP.a', x.id, 1, 1)] });
    mkdirSync(path.join(scratch ?? '', '.git'));
    writeFileSync(path.join(scratch ?? '', '.git', 'HEAD'), 'ref: refs/heads/main\n');
    const run = await runCliInProcess('bench', 'export', dir, '--leaderboard', '--out', path.join(scratch ?? '', '.git', 'submissions'));
    expect(run.exitCode).not.toBe(0);
    expect(run.stderr).toContain('inside the git directory');
    expect(existsSync(path.join(scratch ?? '', '.git', 'submissions'))).toBe(false);
  });
});
