import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSuite } from '../evaluate/suites/load-suite.js';
import { readBenchGrid } from '../evaluate/grids/read-bench-grid.js';
import { runBench } from '../evaluate/run-bench.js';
import type { BenchSummary } from '../evaluate/results/bench-summary.js';
import { readAttempts } from '../evaluate/attempts/attempt-log.js';
import type { BenchReport } from './bench-report.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TASKS = 6;
const VERIFIER_DELAY_MS = 1000;
const FIX_MARKER = '            lo <= hi <= v.len(),\n            sorted(v@),\n';

/**
 * The bench harness's own cost per attempt (scratch repository, wiring, attempts.jsonl, summary and
 * report) against the fake cargo-verus's time in the same run (target < 5%), and the throughput of
 * `--jobs 2` against `--jobs 1` with a fake verifier of fixed delay (target ≥ 1.8×). The model is a
 * loopback server answering the reference proof at once; the pre-check is off (it is not the harness).
 */
export async function runHarnessBenchmark(): Promise<BenchReport> {
  const scratch = await mkdtemp(join(tmpdir(), 'harness-bench-'));
  const reference = await readFile(join(ROOT, 'rust-fixtures/binary-search/src/lib.rs'), 'utf8');
  const server = await startModelServer(reference);
  try {
    const environment = await writeWorld(scratch, (server.address() as AddressInfo).port);
    const one = await timeBench(scratch, environment, 1);
    const two = await timeBench(scratch, environment, 2);
    const attempts = readAttempts(join(scratch, 'out-1', 'attempts.jsonl'));
    const mean = (pick: (record: (typeof attempts)[number]) => number): number => attempts.reduce((sum, record) => sum + pick(record), 0) / attempts.length;
    const verifierMs = mean((record) => record.verifierWallMs);
    // Per attempt: everything the harness does around the loop (scratch repository, wiring, the record).
    const harnessMs = mean((record) => record.wallTimeMs - record.loopMs);
    // Per bench: validation (its verifier runs excluded), summary and report; amortized over the attempts.
    const fixedMs = one.wallMs - attempts.reduce((sum, record) => sum + record.wallTimeMs, 0) - one.validationVerifierMs;
    const speedup = one.attemptPhaseMs / two.attemptPhaseMs;
    return {
      name: `bench harness (${TASKS} tasks × 1 setting, fake cargo-verus sleeping ${VERIFIER_DELAY_MS} ms per run, loopback model; synthetic)`,
      lines: [
        `harness work per attempt (scratch repository, wiring, attempts.jsonl): ${harnessMs.toFixed(1)} ms`,
        `fake verifier per attempt: ${verifierMs.toFixed(0)} ms (${mean((record) => record.verifierCalls).toFixed(1)} runs); harness / verifier = ${((harnessMs / verifierMs) * 100).toFixed(1)}% (target < 5%)`,
        `per bench: validation, task templates, summary and report ${(fixedMs / 1000).toFixed(2)} s (${(fixedMs / attempts.length).toFixed(0)} ms per attempt at this size, shrinking with more attempts)`,
        `attempts phase: --jobs 1 ${(one.attemptPhaseMs / 1000).toFixed(2)} s, --jobs 2 ${(two.attemptPhaseMs / 1000).toFixed(2)} s; throughput ×${speedup.toFixed(2)} (target ≥ 1.8×)`,
        `whole bench: --jobs 1 ${(one.wallMs / 1000).toFixed(2)} s, --jobs 2 ${(two.wallMs / 1000).toFixed(2)} s; ×${(one.wallMs / two.wallMs).toFixed(2)}`,
        `Correct@1 (sanity): ${one.summary.overall.correctAtK[0]?.numerator}/${one.summary.overall.correctAtK[0]?.denominator}`,
        `verdicts from: ${one.summary.overall.origins.verifier.join('; ')}; model: ${one.summary.overall.origins.model.join('; ')}${one.summary.overall.origins.caveats.length === 0 ? '' : ` [${one.summary.overall.origins.caveats.join('; ')}]`}`,
      ],
      metrics: { harnessMs, verifierMs, overheadRatio: harnessMs / verifierMs, fixedMs, jobs1Ms: one.wallMs, jobs2Ms: two.wallMs, speedup },
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    if (process.env["HARNESS_KEEP"] === undefined) await rm(scratch, { recursive: true, force: true });
    else process.stderr.write(`kept ${scratch}\n`);
  }
}

async function timeBench(scratch: string, environment: NodeJS.ProcessEnv, jobs: number): Promise<{ wallMs: number; attemptPhaseMs: number; summary: BenchSummary; validationVerifierMs: number }> {
  const suite = join(scratch, 'suite.toml');
  const grid = await readBenchGrid(join(scratch, 'grid.toml'), { models: [], feedback: null, samples: null, iterations: null, repetitions: null, temperature: null }, null, scratch);
  const tasks = (await loadSuite(suite)).tasks;
  const started = performance.now();
  const phase = { start: 0, end: 0 };
  const { summary } = await runBench({ suite, tasks, grid, outDir: join(scratch, `out-${jobs}`), jobs, resume: false, recordDir: null, replayDir: null, runner: null,
    budget: { maxTokens: null, maxCostUsd: null, maxWallTimeMs: null }, environment }, (event) => {
    if (event.type === 'bench-started') phase.start = performance.now();
    if (event.type === 'attempt-finished') phase.end = performance.now();
  });
  const validity = JSON.parse(await readFile(join(scratch, `out-${jobs}`, 'suite-validation.json'), 'utf8')) as Array<{ verifierWallMs?: number }>;
  return { wallMs: performance.now() - started, attemptPhaseMs: phase.end - phase.start, summary, validationVerifierMs: validity.reduce((sum, entry) => sum + (entry.verifierWallMs ?? 0), 0) };
}

/** The suite, the grid and the fake cargo-verus scenario (synthetic outputs from the demo's recordings). */
async function writeWorld(scratch: string, port: number): Promise<NodeJS.ProcessEnv> {
  // A manifest names only files inside its own directory: the crate is copied beside it.
  await cp(join(ROOT, 'rust-fixtures/binary-search'), join(scratch, 'binary-search'), { recursive: true, filter: (source) => !source.endsWith('/target') });
  await cp(join(ROOT, 'rust-fixtures/Cargo.lock'), join(scratch, 'binary-search', 'Cargo.lock'));
  await writeFile(join(scratch, 'suite.toml'), Array.from({ length: TASKS }, (_, index) =>
    `[[task]]\nid = "t${index}"\ncrate = "binary-search"\nbroken = "binary-search/broken/missing-sorted-invariant.rs"\n`).join('\n'));
  const scenario = join(scratch, 'scenario');
  await writeFile(join(scratch, 'grid.toml'), [
    'feedback = ["none"]', 'iterations = 1', 'houdini_rounds = 0', '', '[[model]]', 'name = "bench-model"', `base_url = "http://127.0.0.1:${port}/v1"`, '',
    '[verifier]', 'runner = "local"', 'pass_env = ["VERUS_REPAIR_FAKE_SCENARIO"]', '', '[verifier.precheck]', 'enabled = false', '',
  ].join('\n'));
  await mkdir(scenario);
  const recordings = (JSON.parse(await readFile(join(ROOT, 'demo/verifier-recordings.json'), 'utf8')) as { recordings: Array<{ label: string; stdout: string; stderr: string }> }).recordings;
  const failed = recordings.find((entry) => entry.label.startsWith('baseline'));
  const verified = recordings.find((entry) => entry.label.endsWith('verified'));
  for (const [name, entry] of [['failed', failed], ['verified', verified]] as const) {
    await writeFile(join(scenario, `${name}.stdout`), entry?.stdout ?? '');
    await writeFile(join(scenario, `${name}.stderr`), entry?.stderr ?? '');
  }
  // Whole-crate runs (`verify`) and focused ones (`focus`, candidates): the same answers, the same delay.
  const invocations = ['verify', 'focus'].flatMap((subcommand) => {
    const argv = ['verus', subcommand, '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '--output-json', '--time', '--rlimit', '/^[0-9]+(\\.[0-9]+)?$/', '...'];
    return [
      { tool: 'cargo-verus', argv, whenSource: { file: 'src/lib.rs', contains: FIX_MARKER }, stdout: 'verified.stdout', stderr: 'verified.stderr', exitCode: 0, sleepMs: VERIFIER_DELAY_MS },
      { tool: 'cargo-verus', argv, whenSource: { file: 'src/lib.rs', lacks: FIX_MARKER }, stdout: 'failed.stdout', stderr: 'failed.stderr', exitCode: 1, sleepMs: VERIFIER_DELAY_MS },
    ];
  });
  await writeFile(join(scenario, 'scenario.json'), JSON.stringify({ origin: 'synthetic', invocations }));
  return { PATH: `${join(ROOT, 'test/fakes/bin')}${delimiter}${process.env['PATH'] ?? ''}`, HOME: process.env['HOME'] ?? tmpdir(), OPENAI_API_KEY: 'loopback-only', VERUS_REPAIR_FAKE_SCENARIO: scenario };
}

/** A loopback OpenAI-compatible endpoint that proposes the reference binary_search for every request. */
async function startModelServer(reference: string): Promise<Server> {
  const start = reference.indexOf('pub fn binary_search');
  const code = reference.slice(start, reference.indexOf('\n}\n', start) + 2);
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const requestId = /Request id: ([^\s\\]+)/.exec(body)?.[1] ?? 'missing';
      const call = { id: 'call-1', type: 'function', function: { name: 'submit_candidate', arguments: JSON.stringify({ request_id: requestId, candidate: { functions: [{ name: 'binary_search', code }] }, rationale: 'benchmark' }) } };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'bench', object: 'chat.completion', created: 0, model: 'bench-model', choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [call] } }], usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
