import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFakeSetup, FAKE_PASS_ENV, SCENARIO_ROOT } from '../../test/fakes/fake-environment.js';
import type { VerdictOrigin } from '../core/verdict-origin.js';
import type { VerificationOptions } from '../core/verifier.js';
import { parseVerusSource } from '../ir/index.js';
import { defaultVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { LocalVerifier } from '../verifier/runners/local-verifier.js';
import { planVerificationScope } from '../verifier/scope/plan-verification-scope.js';
import { verifyInScope } from '../verifier/scope/verify-in-scope.js';
import { listStabilitySeeds } from '../verifier/stability/list-stability-seeds.js';
import type { BenchReport } from './bench-report.js';
import { describeBenchVerifier } from './describe-bench-verifier.js';

const FIXTURE = fileURLToPath(new URL('../../rust-fixtures/inventory/', import.meta.url));
const FILE = 'src/stock.rs';
const CANDIDATES = 3;
const SEED_COUNTS = [1, 3, 5];
const TIME_PER_FUNCTION_MS = 40;
const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 120_000, extraVerusArgs: [], scope: 'focused' };

/**
 * The verifier time a stability check adds per verified candidate, as a ratio to the focused check it
 * repeats (expected about N x: each seed re-runs the same `cargo verus focus`). Three verified
 * candidates on rust-fixtures/inventory, each changing one exec function of `Stock`, checked with
 * N = 1, 3 and 5 seeds. The verifier is the fake cargo-verus (a model of the harness, not Verus:
 * 40 ms per function it verifies, whatever the seed), run through LocalVerifier; no cache, so every
 * seed runs. Real Verus's time per seed varies with the seed; this measures the harness's share.
 */
export async function runStabilityBenchmark(): Promise<BenchReport> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'verus-repair-stability-bench-'));
  try {
    const crateDir = path.join(work, 'inventory');
    cpSync(FIXTURE, crateDir, { recursive: true, filter: (source) => !source.includes(`${path.sep}target`) });
    const fake = createFakeSetup('unused');
    fake.environment['VERUS_REPAIR_FAKE_SCENARIO'] = writeScenario(work);
    const verifier = new LocalVerifier({ config: { ...defaultVerifierConfig(crateDir), runner: 'local', passEnv: FAKE_PASS_ENV }, environment: fake.environment });
    const original = readFileSync(path.join(FIXTURE, FILE), 'utf8');
    const originalFiles = new Map<string, Uint8Array>(['src/lib.rs', 'src/arith.rs', 'src/seq_util.rs', FILE].map((file) => [file, readFileSync(path.join(FIXTURE, file))]));
    const candidates = await scriptCandidates(original);
    const origins: VerdictOrigin[] = [];
    const rows: Array<{ seeds: number; focusedMs: number; stabilityMs: number; ratio: number }> = [];
    for (const count of SEED_COUNTS) {
      let focusedMs = 0;
      let stabilityMs = 0;
      for (const source of candidates) {
        writeFileSync(path.join(crateDir, FILE), source);
        const plan = await planVerificationScope({ originalFiles, file: FILE, candidate: source, policy: 'focused' });
        const outcome = await verifyInScope(crateDir, plan, options, { verifier, prechecker: null, cache: null, precheckRunsTests: false, stabilitySeeds: listStabilitySeeds(count) });
        if (outcome.scope?.kind !== 'focused' || outcome.stability === undefined || outcome.verification === null) throw new Error('stability benchmark: a candidate was not focused, verified and stability-checked');
        if (!outcome.stability.stable) throw new Error('stability benchmark: the fake answered a seed with a failure');
        origins.push(outcome.verification.origin);
        focusedMs += outcome.scope.focused.reduce((total, run) => total + run.wallTimeMs, 0);
        stabilityMs += outcome.stability.verifierWallTimeMs;
      }
      rows.push({ seeds: count, focusedMs: focusedMs / candidates.length, stabilityMs: stabilityMs / candidates.length, ratio: stabilityMs / focusedMs });
    }
    return {
      name: `stability check: verifier time added per verified candidate over the focused check it repeats (${CANDIDATES} candidates on rust-fixtures/inventory; measured against the fake verifier, a model of the harness, not Verus: ${TIME_PER_FUNCTION_MS} ms per function verified)`,
      lines: [
        ...rows.map((row) => `N = ${row.seeds}: +${row.stabilityMs.toFixed(0)} ms per verified candidate over a ${row.focusedMs.toFixed(0)} ms focused check = ${row.ratio.toFixed(2)}x (expected about ${row.seeds}x) [fake verifier's cost model]`),
        'the whole-crate confirmation runs once either way; the seeds repeat only the focused scope',
        describeBenchVerifier(origins),
      ],
      metrics: Object.fromEntries(rows.flatMap((row) => [[`ratioN${row.seeds}`, row.ratio], [`addedMsN${row.seeds}`, row.stabilityMs], [`focusedMsN${row.seeds}`, row.focusedMs]])),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Candidates that each add a proof block to a different exec function of Stock, all answered `verified`. */
async function scriptCandidates(original: string): Promise<string[]> {
  const ir = await parseVerusSource(original, { file: FILE, requireVerus: false });
  const targets = ir.functions.filter((fn) => fn.baseMode === 'exec' && fn.body !== null).slice(0, CANDIDATES);
  const bytes = new TextEncoder().encode(original);
  const decoder = new TextDecoder();
  return targets.map((fn) => {
    const at = (fn.body?.span.byteStart ?? 0) + 1;
    return `${decoder.decode(bytes.slice(0, at))}\n        proof { assert(true); }${decoder.decode(bytes.slice(at))}`;
  });
}

/** The fake cargo-verus: every run verified (under any seed), 40 ms per function verified (synthetic). */
function writeScenario(work: string): string {
  const directory = path.join(work, 'scenario');
  cpSync(path.join(SCENARIO_ROOT, 'run-local-crate-verified'), path.join(directory, 'verified'), { recursive: true });
  const argv = ['verus', '/^(verify|focus)$/', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '...'];
  writeFileSync(path.join(directory, 'scenario.json'), JSON.stringify({
    origin: 'synthetic',
    invocations: [{ tool: 'cargo-verus', argv, stdout: 'verified/stdout.txt', stderr: 'verified/stderr.txt', exitCode: 0, timePerFunctionMs: TIME_PER_FUNCTION_MS }],
  }));
  return directory;
}
