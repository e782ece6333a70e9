import { describeBenchVerifier } from './describe-bench-verifier.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { createFakeSetup, FAKE_BIN_DIR, FAKE_PASS_ENV } from '../../test/fakes/fake-environment.js';
import { createTemporaryCrate } from '../../test/fakes/temporary-crate.js';
import type { VerificationOptions, VerificationTarget } from '../core/verifier.js';
import { ResultCache } from '../verifier/cache/result-cache.js';
import { defaultVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { buildLocalJob } from '../verifier/jobs/build-local-job.js';
import { normalizeReport } from '../diagnostics/normalize-report.js';
import { parseVerifierOutput } from '../diagnostics/parse-verifier-output.js';
import { classifyVerifierRun } from '../verifier/result/classify-verifier-run.js';
import { runProcessJob } from '../verifier/run/run-process-job.js';
import { LOCAL_ENVIRONMENT_ALLOW_LIST, selectEnvironment } from '../verifier/jobs/select-environment.js';
import { LocalVerifier } from '../verifier/runners/local-verifier.js';
import { verifyCandidate } from '../verifier/verify-candidate.js';
import type { BenchReport } from './bench-report.js';
import { compareInterleaved } from './compare-interleaved.js';

const RUNS = 20;
const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 60_000, extraVerusArgs: [] };

async function meanMilliseconds(runs: number, action: () => Promise<unknown>): Promise<number> {
  await action();
  const started = performance.now();
  for (let run = 0; run < runs; run += 1) await action();
  return (performance.now() - started) / runs;
}

/**
 * Runner overhead: the fake `verus` (a Node script replaying a verified result) run directly with
 * execa, versus the same fake run through LocalVerifier (job building, bounded capture, parsing,
 * classification). The difference is what verus-repair adds per verification, excluding the
 * verifier itself. Cache: the time of an identical candidate's second check (describe toolchain,
 * hash the crate, read and validate the entry), which replaces a whole verifier run.
 */
export async function runVerifierBenchmark(): Promise<BenchReport> {
  const crateDir = createTemporaryCrate();
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'verus-repair-bench-cache-'));
  try {
    const fake = createFakeSetup('run-file-verified');
    const target: VerificationTarget = { kind: 'file', filePath: path.join(crateDir, 'src', 'lib.rs') };
    const argv = ['lib.rs', '--crate-type=lib', '--error-format=json', '--output-json', '--time', '--rlimit', '10'];
    // The environment LocalVerifier would pass (the setup's decoy RUSTFLAGS and secret are dropped).
    const directEnvironment = selectEnvironment(fake.environment, LOCAL_ENVIRONMENT_ALLOW_LIST, FAKE_PASS_ENV);
    const config = { ...defaultVerifierConfig(crateDir), runner: 'local' as const, passEnv: FAKE_PASS_ENV };
    const verifier = new LocalVerifier({ config, environment: fake.environment });
    const [direct, throughRunner] = await compareInterleaved(RUNS, [
      () => execa(path.join(FAKE_BIN_DIR, 'verus'), argv, { cwd: path.dirname(target.filePath), env: directEnvironment, extendEnv: false }),
      () => verifier.verify(target, options),
    ]);

    // The in-process part of that overhead, measured without any process: parse, normalize, classify.
    const outcome = await runProcessJob(buildLocalJob({ tool: 'verus', args: argv }, config, fake.environment, { cwd: path.dirname(target.filePath), timeoutMs: 60_000 }));
    if (outcome.kind === 'aborted') throw new Error('benchmark run aborted');
    const context = { command: argv, tool: 'verus' as const, toolchain: { pinHash: null, imageDigest: null }, hints: { runner: 'local' as const, imageTag: null },
      origin: { kind: 'local' as const, tool: 'verus' as const, program: path.join(FAKE_BIN_DIR, 'verus'), verusVersion: null } };
    const inProcess = await meanMilliseconds(RUNS * 10, async () => {
      const report = normalizeReport(parseVerifierOutput({ stdout: outcome.stdout.text, stderr: outcome.stderr.text }), { root: crateDir });
      return classifyVerifierRun(outcome, report, context);
    });

    const crateTarget: VerificationTarget = { kind: 'crate', crateDir };
    const crateFake = createFakeSetup('run-local-crate-verified');
    const crateVerifier = new LocalVerifier({ config, environment: crateFake.environment });
    const cache = new ResultCache(cacheDir);
    const services = { verifier: crateVerifier, prechecker: null, cache, precheckRunsTests: true };
    await verifyCandidate(crateTarget, options, services);
    const hit = await meanMilliseconds(RUNS * 4, () => verifyCandidate(crateTarget, options, services));
    const key = (await verifyCandidate(crateTarget, options, services)).cache.key ?? '';
    const lookup = await meanMilliseconds(RUNS * 4, () => cache.lookup(key));
    const crateRun = await meanMilliseconds(3, () => crateVerifier.verify(crateTarget, options));
    const samples = [await verifier.verify(target, options), await crateVerifier.verify(crateTarget, options), (await verifyCandidate(crateTarget, options, services)).verification];

    const overhead = throughRunner - direct;
    return {
      name: 'verifier runner and result cache',
      lines: [
        `fake verus run directly:          ${direct.toFixed(1)} ms (median of ${RUNS}, interleaved)`,
        `same fake through LocalVerifier:  ${throughRunner.toFixed(1)} ms  -> overhead ${overhead.toFixed(1)} ms, ratio ${(throughRunner / direct).toFixed(2)}`,
        `in-process parse + normalize + classify: ${inProcess.toFixed(3)} ms per verification`,
        `crate verification (cargo + fake cargo-verus): ${crateRun.toFixed(1)} ms`,
        `cache hit (toolchain, hash, lookup): ${hit.toFixed(2)} ms = ${(crateRun / hit).toFixed(0)}x faster than the fake crate run`,
        `cache entry read + validate alone:   ${lookup.toFixed(2)} ms`,
        describeBenchVerifier(samples.flatMap((sample) => (sample === null ? [] : [sample.origin]))),
      ],
      metrics: {
        directMs: direct,
        runnerMs: throughRunner,
        runnerOverheadMs: overhead,
        runnerRatio: throughRunner / direct,
        inProcessMs: inProcess,
        crateRunMs: crateRun,
        cacheHitMs: hit,
        cacheLookupMs: lookup,
        cacheHitSpeedup: crateRun / hit,
      },
    };
  } finally {
    rmSync(crateDir, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
