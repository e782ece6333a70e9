import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepairWorld, type RepairWorld } from '../repair/repair-world.js';
import { runCliInProcess } from '../run-cli-in-process.js';
import { FAKE_PASS_ENV } from '../fakes/fake-environment.js';
import type { FakeScriptStep } from '../fake-openai-server.js';
import { buildSyntheticVerusOutput } from '../demo/synthetic-verus-output.js';
import { loadSuite } from '../../src/evaluate/suites/load-suite.js';
import { readBenchGrid } from '../../src/evaluate/grids/read-bench-grid.js';
import { runBench } from '../../src/evaluate/run-bench.js';
import type { AttemptRecord } from '../../src/evaluate/attempts/attempt-record.js';
import type { BenchSummary } from '../../src/evaluate/results/bench-summary.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Our own tasks in VeruSAGE-Bench's layout (see its README): two AL tasks, two MA tasks, one of which already verifies. */
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'verusage-bench');
const ITERATIONS = 2;

/** Per task: the fake verifier's (synthetic) verdict rules and the scripted editor's answers by iteration. */
const TASKS = {
  push: {
    file: 'AL__seq_lemmas__lemma_push_contains.rs', fn: 'lemma_push_contains', fixMarker: 'assert(s.push(x)[s.len() as int] == x);', anchor: 's.push(x).contains(x)',
    answer: (): string => 'proof fn lemma_push_contains(s: Seq<int>, x: int)\n    ensures\n        s.push(x).contains(x),\n{\n    assert(s.push(x)[s.len() as int] == x);\n}',
  },
  monotone: {
    file: 'AL__seq_lemmas__lemma_sum_to_monotone.rs', fn: 'lemma_sum_to_monotone', fixMarker: 'lemma_sum_to_monotone(m, (n - 1) as nat);', anchor: 'sum_to(m) <= sum_to(n)',
    answer: (iteration: number): string => `proof fn lemma_sum_to_monotone(m: nat, n: nat)\n    requires\n        m <= n,\n    ensures\n        sum_to(m) <= sum_to(n),\n    decreases n,\n{\n${iteration >= 2 ? '    if m < n {\n        lemma_sum_to_monotone(m, (n - 1) as nat);\n    }\n' : '    assert(sum_to(m) <= sum_to(n));\n'}}`,
  },
  countUp: {
    file: 'MA__counters__count_up.rs', fn: 'count_up', fixMarker: '        invariant\n', anchor: 'r == n',
    answer: (iteration: number): string => `fn count_up(n: u64) -> (r: u64)\n    ensures\n        r == n,\n{\n    let mut i: u64 = 0;\n    while i < n\n        decreases n - i,\n    {\n        i = i + 1;\n    }\n    assert(i + ${iteration} > 0);\n    i\n}`,
  },
} as const;
const ALREADY = { file: 'MA__counters__lemma_already_proved.rs', fn: 'lemma_already_proved' };

/** The fake cargo-verus answers by what src/lib.rs holds: verified once a task's fix is in, a postcondition failure before; the already-proved task verifies. */
function writeScenario(scenarioDir: string): void {
  const invocations: unknown[] = [];
  const argv = ['verus', 'verify', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '--output-json', '--time', '...'];
  const focusArgv = ['verus', 'focus', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '--output-json', '--time', '...'];
  const rule = (name: string, source: string, fn: string, error: string | null, when: Record<string, string>): void => {
    const output = buildSyntheticVerusOutput({ crate: 'verus-bench-task', file: 'src/lib.rs', source, functions: [{ name: fn, success: error === null }], errors: error === null ? [] : [{ message: 'postcondition not satisfied', anchor: error, label: 'failed this postcondition' }] });
    writeFileSync(path.join(scenarioDir, `${name}.stdout`), output.stdout);
    writeFileSync(path.join(scenarioDir, `${name}.stderr`), output.stderr);
    for (const patterns of [argv, focusArgv]) invocations.push({ tool: 'cargo-verus', argv: patterns, whenSource: { file: 'src/lib.rs', ...when }, stdout: `${name}.stdout`, stderr: `${name}.stderr`, exitCode: output.exitCode });
  };
  for (const [key, task] of Object.entries(TASKS)) {
    const source = readFileSync(path.join(FIXTURE, 'tasks', task.file), 'utf8');
    rule(`${key}-verified`, source, task.fn, null, { contains: task.fixMarker });
    rule(`${key}-failed`, source, task.fn, task.anchor, { contains: `fn ${task.fn}(` });
  }
  rule('already-verified', readFileSync(path.join(FIXTURE, 'tasks', ALREADY.file), 'utf8'), ALREADY.fn, null, { contains: `fn ${ALREADY.fn}(` });
  writeFileSync(path.join(scenarioDir, 'scenario.json'), JSON.stringify({ origin: 'synthetic', description: 'VeruSAGE-layout tasks of our own: verified once each task\'s fix is in', invocations }, null, 2));
}

/** The scripted editor (synthetic model): the task is read from the request id (the attempt slug starts with the task id), the iteration from the feedback so far. */
function responder(): FakeScriptStep {
  return (request) => {
    const messages = JSON.stringify(request.body['messages'] ?? []);
    const requestId = /Request id: ([^\s\\]+)/.exec(messages)?.[1] ?? 'missing';
    const iteration = (messages.match(/DID NOT verify/g) ?? []).length + 1;
    const task = Object.values(TASKS).find((entry) => requestId.startsWith(entry.file.slice(0, -3))) ?? TASKS.push;
    return {
      kind: 'completion', usage: { prompt_tokens: 1200, completion_tokens: 300 },
      choices: [{ toolCalls: [{ name: 'submit_candidate', arguments: JSON.stringify({ request_id: requestId, candidate: { functions: [{ name: task.fn, code: task.answer(iteration) }] }, rationale: 'scripted repair' }) }] }],
    };
  };
}

/**
 * The leaderboard's submission rules (microsoft/verus-proof-synthesis leaderboard/data/schema.json,
 * draft-07), written out here for the fields we emit: the violations of VALUE, none when it conforms.
 */
function checkLeaderboardRules(value: unknown): string[] {
  const problems: string[] = [];
  const isObject = (candidate: unknown): candidate is Record<string, unknown> => typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate);
  const integerAtLeast = (candidate: unknown, minimum: number): boolean => Number.isInteger(candidate) && (candidate as number) >= minimum;
  if (!isObject(value)) return ['not an object'];
  for (const key of ['submission_id', 'system_name', 'model', 'date', 'benchmark', 'results']) if (!(key in value)) problems.push(`missing required ${key}`);
  for (const key of ['submission_id', 'system_name', 'model', 'date', 'benchmark', 'notes']) if (key in value && typeof value[key] !== 'string') problems.push(`${key} must be a string`);
  const date = value['date'];
  if (typeof date === 'string' && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))) problems.push('date must be a full-date (YYYY-MM-DD)');
  if (!['Verus-Bench', 'VeruSAGE-Bench', 'VeruSAGE-Bench-Sampled'].includes(String(value['benchmark']))) problems.push('benchmark must be one of Verus-Bench, VeruSAGE-Bench, VeruSAGE-Bench-Sampled');
  const results = value['results'];
  if (!isObject(results)) problems.push('results must be an object');
  else {
    for (const key of ['solved', 'total', 'percent_solved']) if (!(key in results)) problems.push(`results: missing required ${key}`);
    if (!integerAtLeast(results['solved'], 0)) problems.push('results.solved must be an integer >= 0');
    if (!integerAtLeast(results['total'], 1)) problems.push('results.total must be an integer >= 1');
    const percent = results['percent_solved'];
    if (typeof percent !== 'number' || percent < 0 || percent > 100) problems.push('results.percent_solved must be a number in [0, 100]');
    for (const key of ['avg_time_seconds', 'avg_llm_calls']) if (key in results && !(typeof results[key] === 'number' && (results[key] as number) >= 0)) problems.push(`results.${key} must be a number >= 0`);
    if ('avg_tokens' in results && !integerAtLeast(results['avg_tokens'], 0)) problems.push('results.avg_tokens must be an integer >= 0');
  }
  if ('breakdown' in value) {
    const breakdown = value['breakdown'];
    if (!Array.isArray(breakdown)) problems.push('breakdown must be an array');
    else breakdown.forEach((item: unknown, index) => {
      if (!isObject(item)) return void problems.push(`breakdown[${index}] must be an object`);
      if (typeof item['category'] !== 'string') problems.push(`breakdown[${index}].category must be a string`);
      if (!integerAtLeast(item['solved'], 0)) problems.push(`breakdown[${index}].solved must be an integer >= 0`);
      if (!integerAtLeast(item['total'], 1)) problems.push(`breakdown[${index}].total must be an integer >= 1`);
    });
  }
  for (const key of ['paper_url', 'code_url']) if (key in value && !(typeof value[key] === 'string' && URL.canParse(value[key] as string))) problems.push(`${key} must be a URI`);
  if ('verified' in value && typeof value['verified'] !== 'boolean') problems.push('verified must be a boolean');
  return problems;
}

let world: RepairWorld | null = null;
let scratch = '';
let outDir = '';
let summary: BenchSummary;
beforeAll(async () => {
  world = await createRepairWorld();
  writeScenario(world.scenarioDir);
  world.server.script(...Array.from({ length: 16 }, () => responder()));
  scratch = mkdtempSync(path.join(os.tmpdir(), 'verusage-e2e-'));
  const checkout = path.join(scratch, 'VeruSAGE-Bench');
  cpSync(FIXTURE, checkout, { recursive: true });
  writeFileSync(path.join(scratch, 'grid.toml'), [
    'feedback = ["none", "generic"]', `iterations = ${ITERATIONS}`, 'houdini_rounds = 0', '',
    '[[model]]', 'name = "e2e-model"', `base_url = "${world.server.baseUrl}"`, 'input_per_million = 1.0', 'output_per_million = 2.0', '',
    '[verifier]', 'runner = "local"', `pass_env = ${JSON.stringify(FAKE_PASS_ENV)}`, '', '[verifier.precheck]', `target_dir = ${JSON.stringify(path.join(ROOT, 'rust-fixtures', 'target'))}`, '',
  ].join('\n'));
  outDir = path.join(scratch, 'out');
  ({ summary } = await runBench({
    suite: checkout, tasks: (await loadSuite(checkout)).tasks,
    grid: await readBenchGrid(path.join(scratch, 'grid.toml'), { models: [], feedback: null, samples: null, iterations: null, repetitions: null, temperature: null }, null, scratch),
    outDir, jobs: 2, resume: false, recordDir: null, replayDir: null, runner: null, budget: { maxTokens: null, maxCostUsd: null, maxWallTimeMs: null }, environment: world.environment,
  }, () => undefined));
}, 600_000);
afterAll(async () => {
  await world?.close();
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

const ratios = (list: Array<{ numerator: number; denominator: number }> | undefined): string[] | undefined => list?.map((value) => `${value.numerator}/${value.denominator}`);

describe('bench on a VeruSAGE-Bench checkout of our own tasks (fake model server, fake cargo-verus, real git and cargo; synthetic data)', () => {
  it('benches each file as a single-file task with its project as category, and breaks Correct@k down by category', () => {
    expect(summary.tasks).toMatchObject({ total: 4, valid: 3, invalid: [{ taskId: 'MA__counters__lemma_already_proved', reason: 'already-verified' }] });
    expect(summary.publishedSuite).toBe('VeruSAGE-Bench');
    expect(summary.taskCategories).toEqual({
      AL__seq_lemmas__lemma_push_contains: 'Anvil', AL__seq_lemmas__lemma_sum_to_monotone: 'Anvil', MA__counters__count_up: 'Memory Allocator', MA__counters__lemma_already_proved: 'Memory Allocator',
    });
    for (const setting of summary.settings) {
      expect(ratios(setting.correctAtK)).toEqual(['1/3', '2/3']);
      expect(ratios(setting.byCategory?.['Anvil'])).toEqual(['1/2', '2/2']);
      expect(ratios(setting.byCategory?.['Memory Allocator'])).toEqual(['0/1', '0/1']);
    }
    expect(ratios(summary.overall.byCategory?.['Anvil'])).toEqual(['2/4', '4/4']);
    const markdown = readFileSync(path.join(outDir, 'summary.md'), 'utf8');
    expect(markdown).toContain('| Anvil | 2/2 | e2e-model.none.s1.t0.2 | 1/2 (50.0%) | 2/2 (100.0%) |');
    expect(markdown).toContain('| Memory Allocator | 1/2 | overall | 0/2 (0.0%) | 0/2 (0.0%) |');
    expect(readFileSync(path.join(outDir, 'report.html'), 'utf8')).toMatch(/<table data-testid="by-category">[\s\S]*<td>Memory Allocator<\/td><td>1\/2<\/td>/);
    // Each task ran in a scratch crate whose src/lib.rs is the task file itself, `fn main() {}` included.
    expect(readFileSync(path.join(outDir, 'templates', 'MA__counters__count_up', 'crate', 'src', 'lib.rs'), 'utf8')).toBe(readFileSync(path.join(FIXTURE, 'tasks', TASKS.countUp.file), 'utf8'));
  });

  it('exports one leaderboard submission per setting that keeps the schema\'s rules, whose figures are attempts.jsonl\'s arithmetic, and which says it is no measurement', async () => {
    const exportDir = path.join(scratch, 'submissions');
    const run = await runCliInProcess('bench', 'export', outDir, '--leaderboard', '--system', 'verus-repair-e2e', '--out', exportDir);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const files = readdirSync(exportDir).sort();
    expect(files).toHaveLength(2);
    const attempts = readFileSync(path.join(outDir, 'attempts.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as AttemptRecord);
    for (const file of files) {
      const submission = JSON.parse(readFileSync(path.join(exportDir, file), 'utf8')) as Record<string, any>;
      expect(checkLeaderboardRules(submission)).toEqual([]);
      expect(file).toBe(`${submission['submission_id']}.json`);
      expect(submission).toMatchObject({ system_name: 'verus-repair-e2e', model: 'e2e-model', benchmark: 'VeruSAGE-Bench' });
      const settingId = submission['verus_repair'].setting.id as string;
      const own = attempts.filter((record) => record.settingId === settingId && record.repetition === 1);
      expect(own).toHaveLength(3);
      const solved = own.filter((record) => record.iterationsToSuccess !== null && record.iterationsToSuccess <= ITERATIONS).length;
      const mean = (pick: (record: AttemptRecord) => number): number => own.reduce((sum, record) => sum + pick(record), 0) / own.length;
      // The total is every task of the suite: the already-verified one counts as not solved.
      expect(submission['results']).toMatchObject({ solved, total: 4, percent_solved: Math.round(1000 * solved / 4) / 10 });
      expect(solved).toBe(2);
      expect(submission['results'].avg_time_seconds).toBeCloseTo(mean((record) => record.wallTimeMs) / 1000, 2);
      expect(submission['results'].avg_llm_calls).toBeCloseTo(mean((record) => record.modelCalls), 2);
      expect(submission['results'].avg_llm_calls).toBeCloseTo(5 / 3, 2);
      expect(submission['results'].avg_tokens).toBe(Math.round(mean((record) => record.promptTokens + record.completionTokens)));
      expect(submission['results'].avg_cost_usd).toBeCloseTo(mean((record) => record.costUsd ?? Number.NaN), 4);
      expect(submission['breakdown']).toEqual([{ category: 'AL', solved: 2, total: 2 }, { category: 'MA', solved: 0, total: 2 }]);
      // Fakes stand behind these figures: the file says so, in the provenance and in the notes a leaderboard shows.
      expect(submission['provenance']).toMatchObject({ measurement: false, complete: true });
      expect(submission['provenance'].caveats.length).toBeGreaterThan(0);
      expect(submission['provenance'].statement).toMatch(/^NOT A MEASUREMENT \(/);
      expect(submission['notes']).toMatch(/^NOT A MEASUREMENT \(/);
      expect(submission['verus_repair'].not_attempted).toEqual([{ task: 'MA__counters__lemma_already_proved', reason: 'invalid: already-verified' }]);
    }
    expect(run.stdout).toMatch(/not a measurement \(.*\): the file says so; do not submit it as a result/);
    // The rules above are not vacuous: a submission missing a field or with a fractional count breaks them.
    const first = JSON.parse(readFileSync(path.join(exportDir, files[0] ?? ''), 'utf8')) as Record<string, any>;
    expect(checkLeaderboardRules({ ...first, date: '2026-13-45', results: { ...first['results'], solved: 1.5 }, benchmark: 'verus-bench' })).toEqual([
      'date must be a full-date (YYYY-MM-DD)', 'benchmark must be one of Verus-Bench, VeruSAGE-Bench, VeruSAGE-Bench-Sampled', 'results.solved must be an integer >= 0',
    ]);
  });

  it('refuses a --benchmark that disagrees with the suite, a bad --submission-id and a missing format, writing nothing', async () => {
    const exportDir = path.join(scratch, 'refused');
    const disagreeing = await runCliInProcess('bench', 'export', outDir, '--leaderboard', '--benchmark', 'Verus-Bench', '--out', exportDir);
    expect(disagreeing.exitCode).not.toBe(0);
    expect(disagreeing.stderr).toContain('--benchmark Verus-Bench disagrees with the suite the bench ran: its layout is VeruSAGE-Bench');
    const unknown = await runCliInProcess('bench', 'export', outDir, '--leaderboard', '--benchmark', 'SomeBench', '--out', exportDir);
    expect(unknown.stderr).toContain('--benchmark expects one of Verus-Bench, VeruSAGE-Bench, VeruSAGE-Bench-Sampled');
    const badId = await runCliInProcess('bench', 'export', outDir, '--leaderboard', '--submission-id', '../escape', '--out', exportDir);
    expect(badId.stderr).toContain('--submission-id expects letters, digits');
    const noFormat = await runCliInProcess('bench', 'export', outDir, '--out', exportDir);
    expect(noFormat.stderr).toContain('bench export needs a format: --leaderboard');
    const notBench = await runCliInProcess('bench', 'export', scratch, '--leaderboard', '--out', exportDir);
    expect(notBench.stderr).toContain('holds no summary.json; give the --out directory of a finished bench');
    for (const run of [unknown, badId, noFormat, notBench]) expect(run.exitCode).not.toBe(0);
    expect(existsSync(exportDir)).toBe(false);
  });
});
