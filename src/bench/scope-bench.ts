import type { VerdictOrigin } from '../core/verdict-origin.js';
import { describeBenchVerifier } from './describe-bench-verifier.js';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFakeSetup, FAKE_PASS_ENV, SCENARIO_ROOT } from '../../test/fakes/fake-environment.js';
import type { VerificationOptions, VerificationScopePolicy } from '../core/verifier.js';
import { parseVerusSource } from '../ir/index.js';
import { defaultVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { LocalVerifier } from '../verifier/runners/local-verifier.js';
import { planVerificationScope } from '../verifier/scope/plan-verification-scope.js';
import { verifyInScope } from '../verifier/scope/verify-in-scope.js';
import type { BenchReport } from './bench-report.js';

const FIXTURE = fileURLToPath(new URL('../../rust-fixtures/inventory/', import.meta.url));
const FILE = 'src/stock.rs';
const ITERATIONS = 6;
const SAMPLES = 2;
const TIME_PER_FUNCTION_MS = 40;
const FIXED = '// EPISODE_FIXED';
const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 120_000, extraVerusArgs: [] };

/**
 * Focused against whole-crate verification over a scripted repair episode (6 iterations x 2
 * samples) on rust-fixtures/inventory (42 functions in three modules). Each candidate adds a proof
 * block to one exec function of `Stock`; the last one verifies. The verifier is the fake
 * cargo-verus (synthetic output) taking 40 ms per function it verifies, run through LocalVerifier
 * and real cargo. Verifier time includes every focus run and the final whole-crate confirmation.
 */
export async function runScopeBenchmark(): Promise<BenchReport> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'verus-repair-scope-bench-'));
  try {
    const crateDir = path.join(work, 'inventory');
    cpSync(FIXTURE, crateDir, { recursive: true, filter: (source) => !source.includes(`${path.sep}target`) });
    const scenarioDir = writeScenario(work);
    const fake = createFakeSetup('unused');
    fake.environment['VERUS_REPAIR_FAKE_SCENARIO'] = scenarioDir;
    const verifier = new LocalVerifier({ config: { ...defaultVerifierConfig(crateDir), runner: 'local', passEnv: FAKE_PASS_ENV }, environment: fake.environment });
    const originalFiles = new Map<string, Uint8Array>([['src/lib.rs', readFileSync(path.join(FIXTURE, 'src/lib.rs'))], ['src/arith.rs', readFileSync(path.join(FIXTURE, 'src/arith.rs'))], ['src/seq_util.rs', readFileSync(path.join(FIXTURE, 'src/seq_util.rs'))], [FILE, readFileSync(path.join(FIXTURE, FILE))]]);
    const candidates = await scriptCandidates(new TextDecoder().decode(originalFiles.get(FILE)));
    const origins: VerdictOrigin[] = [];
    const episode = async (policy: VerificationScopePolicy) => {
      const perCandidate: number[] = [];
      let functionsVerified = 0;
      for (const source of candidates) {
        writeFileSync(path.join(crateDir, FILE), source);
        const plan = await planVerificationScope({ originalFiles, file: FILE, candidate: source, policy });
        const outcome = await verifyInScope(crateDir, plan, { ...options, scope: policy }, { verifier, prechecker: null, cache: null, precheckRunsTests: false });
        perCandidate.push(outcome.scope?.verifierWallTimeMs ?? 0);
        functionsVerified += plan.kind === 'focused' ? plan.selections.length + (outcome.scope?.kind === 'focused' && outcome.scope.confirmation !== null ? 42 : 0) : 42;
        if (outcome.verification === null) throw new Error('scope benchmark: a candidate got no verdict');
        origins.push(outcome.verification.origin);
      }
      return { total: perCandidate.reduce((sum, time) => sum + time, 0), perCandidate, functionsVerified };
    };
    const crate = await episode('crate');
    const focused = await episode('focused');
    const ratio = crate.total / focused.total;
    const crateRun = crate.total / candidates.length;
    // A candidate that changes module-level proof context (broadcast use) falls back to the crate: derived from the runs above.
    const withFallback = focused.total - (focused.perCandidate[0] ?? 0) + crateRun;
    return {
      name: `focused vs whole-crate verification: ${ITERATIONS} iterations x ${SAMPLES} samples on rust-fixtures/inventory (42 functions; synthetic fake verifier, ${TIME_PER_FUNCTION_MS} ms per function verified)`,
      lines: [
        `whole crate: ${(crate.total / 1000).toFixed(2)} s verifier time per episode (${crateRun.toFixed(0)} ms per candidate, ${crate.functionsVerified} functions verified)`,
        `focused:     ${(focused.total / 1000).toFixed(2)} s verifier time per episode (${(focused.total / candidates.length).toFixed(0)} ms per candidate incl. the final whole-crate confirmation, ${focused.functionsVerified} functions verified)`,
        `focused / whole crate: ${ratio.toFixed(1)}x less verifier time (target >= 5x); ${(crate.functionsVerified / focused.functionsVerified).toFixed(1)}x fewer functions verified`,
        describeBenchVerifier(origins),
        `derived: with one of the 12 candidates falling back to the crate (e.g. a new broadcast use): ${(crate.total / withFallback).toFixed(1)}x`,
      ],
      metrics: { crateEpisodeMs: crate.total, focusedEpisodeMs: focused.total, ratio, crateFunctions: crate.functionsVerified, focusedFunctions: focused.functionsVerified, ratioWithOneFallback: crate.total / withFallback },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** 12 candidates, each adding a proof block to a different exec function of Stock; the last also carries the marker the fake answers `verified` to. */
async function scriptCandidates(original: string): Promise<string[]> {
  const ir = await parseVerusSource(original, { file: FILE, requireVerus: false });
  const targets = ir.functions.filter((fn) => fn.baseMode === 'exec' && fn.body !== null).slice(0, ITERATIONS * SAMPLES);
  if (targets.length < ITERATIONS * SAMPLES) throw new Error(`scope benchmark: ${FILE} has only ${targets.length} exec functions`);
  const bytes = new TextEncoder().encode(original);
  return targets.map((fn, index) => {
    const at = (fn.body?.span.byteStart ?? 0) + 1;
    const marker = index === targets.length - 1 ? ` ${FIXED}` : '';
    const decoder = new TextDecoder();
    return `${decoder.decode(bytes.slice(0, at))}\n        proof { assert(true); }${marker}${decoder.decode(bytes.slice(at))}`;
  });
}

/** The fake cargo-verus for the episode: verified when the candidate carries the marker, failed otherwise, 40 ms per verified function. */
function writeScenario(work: string): string {
  const directory = path.join(work, 'scenario');
  cpSync(path.join(SCENARIO_ROOT, 'run-local-crate-verified'), path.join(directory, 'verified'), { recursive: true });
  cpSync(path.join(SCENARIO_ROOT, 'run-local-crate-failed'), path.join(directory, 'failed'), { recursive: true });
  const argv = ['verus', '/^(verify|focus)$/', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '...'];
  writeFileSync(path.join(directory, 'scenario.json'), JSON.stringify({
    origin: 'synthetic',
    invocations: [
      { tool: 'cargo-verus', argv, whenSource: { file: FILE, contains: FIXED }, stdout: 'verified/stdout.txt', stderr: 'verified/stderr.txt', exitCode: 0, timePerFunctionMs: TIME_PER_FUNCTION_MS },
      { tool: 'cargo-verus', argv, whenSource: { file: FILE, lacks: FIXED }, stdout: 'failed/stdout.txt', stderr: 'failed/stderr.txt', exitCode: 1, timePerFunctionMs: TIME_PER_FUNCTION_MS },
    ],
  }));
  return directory;
}
