import path from 'node:path';
import { assertNever } from '../../core/assert-never.js';
import type { PrecheckResult, PrecheckStep, Prechecker } from '../../core/verifier-precheck.js';
import type { VerifierConfig } from '../config/verifier-config.js';
import { parseVerifierOutput } from '../diagnostics/parse-verifier-output.js';
import { normalizeReport } from '../diagnostics/normalize-report.js';
import { runProcessJob } from '../run/run-process-job.js';
import type { ProcessOutcome } from '../run/process-outcome.js';
import { throwAbortReason } from '../runners/throw-if-aborted.js';
import { buildPrecheckJob } from './build-precheck-job.js';
import { crateHasDoctests, crateHasTests } from './crate-has-tests.js';
import { parseFailingTests } from './parse-failing-tests.js';

const TAIL_CHARACTERS = 4000;

export interface CargoPrecheckerSettings {
  config: VerifierConfig;
  environment?: NodeJS.ProcessEnv;
}

/**
 * Real, erased pre-checks with the host's cargo: `cargo build`, then `cargo test` when the crate has
 * tests (and verifier.precheck.test is on). The `verus!` macro still parses Verus syntax and
 * type-checks exec code, so most broken candidates stop here, in seconds, before Verus runs.
 */
export class CargoPrechecker implements Prechecker {
  private readonly environment: NodeJS.ProcessEnv;

  constructor(private readonly settings: CargoPrecheckerSettings) {
    this.environment = settings.environment ?? process.env;
  }

  async precheck(crateDir: string, signal?: AbortSignal): Promise<PrecheckResult> {
    const root = path.resolve(crateDir);
    const steps: PrecheckStep[] = ['build'];
    if (this.settings.config.precheck.test && (await crateHasTests(root))) steps.push('test');
    const crate = { doctests: steps.includes('test') && (await crateHasDoctests(root)) };
    const ran: PrecheckStep[] = [];
    let wallTimeMs = 0;
    let last: PrecheckResult | null = null;
    for (const step of steps) {
      ran.push(step);
      const job = buildPrecheckJob(step, root, this.settings.config, this.environment, crate);
      const outcome = await runProcessJob(job, signal === undefined ? {} : { signal });
      if (outcome.kind === 'aborted') throwAbortReason(signal);
      wallTimeMs += outcome.wallTimeMs;
      last = this.classifyStep(step, outcome, { steps: [...ran], command: job.command, wallTimeMs }, root);
      if (last.status !== 'passed') return last;
    }
    return last ?? { status: 'passed', steps: [], command: [], wallTimeMs, warnings: [] };
  }

  private classifyStep(
    step: PrecheckStep,
    outcome: Exclude<ProcessOutcome, { kind: 'aborted' }>,
    facts: { steps: PrecheckStep[]; command: string[]; wallTimeMs: number },
    root: string,
  ): PrecheckResult {
    switch (outcome.kind) {
      case 'spawn-failed':
        return { ...facts, status: 'crashed', step, exitCode: null, signal: null, stderrTail: `${facts.command[0] ?? 'cargo'} could not start: ${outcome.message}` };
      case 'timed-out':
        return { ...facts, status: 'timeout', step, timeoutMs: outcome.timeoutMs };
      case 'exited':
        return this.classifyExit(step, outcome, facts, root);
      default:
        return assertNever(outcome, 'process outcome');
    }
  }

  private classifyExit(
    step: PrecheckStep,
    outcome: Extract<ProcessOutcome, { kind: 'exited' }>,
    facts: { steps: PrecheckStep[]; command: string[]; wallTimeMs: number },
    root: string,
  ): PrecheckResult {
    const report = normalizeReport(parseVerifierOutput({ stdout: outcome.stdout.text, stderr: outcome.stderr.text }, { origin: 'precheck' }), { root });
    if (outcome.exitCode === 0) return { ...facts, status: 'passed', warnings: report.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning') };
    if (outcome.signal !== null) return { ...facts, status: 'crashed', step, exitCode: null, signal: outcome.signal, stderrTail: outcome.stderr.text.slice(-TAIL_CHARACTERS) };
    const failingTests = step === 'test' ? parseFailingTests(outcome.stdout.text) : [];
    // A test target that does not compile is a build failure (cargo says so); one that ran and failed is a test failure.
    if (step === 'build' || /error: could not compile/.test(outcome.stderr.text)) {
      return { ...facts, status: 'build-failed', step, diagnostics: report.diagnostics };
    }
    const outputTail = `${outcome.stdout.text.replace(/^\{.*\}$/gm, '').replace(/\n{3,}/g, '\n\n')}\n${outcome.stderr.text}`.trim().slice(-TAIL_CHARACTERS);
    return { ...facts, status: 'test-failed', failingTests, outputTail };
  }
}
