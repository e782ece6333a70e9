import path from 'node:path';
import { assertNever } from '../../core/assert-never.js';
import type { PrecheckBuildStep, PrecheckResult, PrecheckStep, Prechecker } from '../../core/verifier-precheck.js';
import type { VerifierConfig } from '../config/verifier-config.js';
import { parseVerifierOutput } from '../../diagnostics/parse-verifier-output.js';
import { normalizeReport } from '../../diagnostics/normalize-report.js';
import { runProcessJob } from '../run/run-process-job.js';
import type { ProcessOutcome } from '../run/process-outcome.js';
import { throwAbortReason } from '../runners/throw-if-aborted.js';
import { buildPrecheckJob } from './build-precheck-job.js';
import { crateHasDoctests, crateHasTests } from './crate-has-tests.js';
import { parseFailingTests } from './parse-failing-tests.js';
import { copyCrateForCargo } from '../sandbox/copy-crate-for-cargo.js';
import { fetchDependencies } from '../sandbox/fetch-dependencies.js';
import { placeCrateForCargo, placeInCopy, releaseCargoPlacement, runsLocked, type CargoPlacement } from '../sandbox/place-crate-for-cargo.js';
import { placeInSandbox } from '../sandbox/place-in-sandbox.js';
import { readLockedRefusal, type LockedRefusal } from '../sandbox/read-locked-refusal.js';
import { noticeOnce } from '../sandbox/run-notices.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { describeUnsandboxed, selectSandbox } from '../sandbox/select-sandbox.js';
import { isScratchCrate } from './is-scratch-crate.js';
import { selectPrecheckTargetDir, type PrecheckedCrate } from './select-precheck-target-dir.js';
import { applyErasureFixes, type ErasureFixedFiles } from './erasure/apply-erasure-fixes.js';
import { isolateScratchDirectory } from './isolate-scratch-package.js';
import { judgeErasedBuild } from './erasure/judge-erased-build.js';
import { readCrateInputs } from './erasure/read-crate-inputs.js';
import { mkdir, writeFile } from 'node:fs/promises';

const TAIL_CHARACTERS = 4000;

export interface CargoPrecheckerSettings {
  config: VerifierConfig;
  environment?: NodeJS.ProcessEnv;
  /**
   * The step before the tests (default `build`: `cargo build`). `test-targets`: `cargo test --no-run`,
   * which compiles what the tests run (the lib under cfg(test)) and not the plain lib too, its errors
   * read as the build's; `none`: no build step, for a crate such a build already compiled. Review's
   * mutant schema builds by the first and runs each mutant's tests with the second: one compilation
   * of the schema where `cargo build` then `cargo test` compile two.
   */
  buildStep?: PrecheckBuildStep;
}

/**
 * Real, erased pre-checks with the host's cargo: `cargo build`, then `cargo test` when the crate has
 * tests (and verifier.precheck.test is on). The `verus!` macro still parses Verus syntax and
 * type-checks exec code, so most broken candidates stop here, in seconds, before Verus runs.
 *
 * Cargo never writes the user's lock: with a current lock it runs in the crate with `--locked`
 * (placeCrateForCargo; path dependencies, workspaces and the user's cargo configuration apply), with
 * a stale or missing one on a private copy, said once per run; under bubblewrap the user's crate is
 * bound read-only. In the container cargo works on a copy of a read-only mount of a copy (as before:
 * nothing to judge). The build script and tests are the crate's own code, so the steps run in the sandbox
 * `[verifier.precheck] sandbox` selects (bubblewrap, or the Docker runner's container), else on the
 * host with the user's rights, said once per run.
 *
 * A copy verus-repair wrote (isScratchCrate) builds in the project's shared scratch target directory,
 * never in the user's CARGO_TARGET_DIR; the user's own crate builds where the user builds
 * (selectPrecheckTargetDir).
 *
 * Erasure: the sources are scanned first (applyErasureFixes); a crate that needs a mechanical fix
 * (a Verus-only attribute, rustc's repr_transparent lint, a companion crate missing from Cargo.toml)
 * is built from a private copy with the fixes made, each reported in the result's `fixes`; one that
 * needs none is placed as before. A failed build is then judged by its errors' causes
 * (judgeErasedBuild): `not-applicable` when erasure explains every error.
 */
export class CargoPrechecker implements Prechecker {
  private readonly environment: NodeJS.ProcessEnv;
  private sandbox: Promise<Sandbox> | null = null;

  constructor(private readonly settings: CargoPrecheckerSettings) {
    this.environment = settings.environment ?? process.env;
  }

  async precheck(crateDir: string, signal?: AbortSignal): Promise<PrecheckResult> {
    const sandbox = await this.selectSandbox();
    const crateRoot = path.resolve(crateDir);
    const owner: PrecheckedCrate = (await isScratchCrate(crateRoot)) ? 'scratch' : 'user';
    const prepared = await applyErasureFixes(await readCrateInputs(crateRoot), this.environment);
    let placement: CargoPlacement = sandbox.kind === 'docker' || prepared.fixes.length > 0
      ? { kind: 'copy', ...(await copyCrateForCargo(crateRoot)) }
      : await placeCrateForCargo(crateRoot, this.settings.config, this.environment, signal);
    try {
      await writeFixedFiles(placement.directory, prepared);
      await this.isolateSharedCopy(placement);
      let run = await this.runSteps(placement, owner, sandbox, signal);
      // The lock went stale after the judgement (or cargo could not judge it offline): cargo refused, wrote nothing.
      if (run.refusal !== null) {
        await releaseCargoPlacement(placement);
        placement = await placeInCopy(crateRoot, run.refusal);
        await this.isolateSharedCopy(placement);
        run = await this.runSteps(placement, owner, sandbox, signal);
      }
      const result = prepared.fixes.length === 0 ? run.result : { ...run.result, fixes: prepared.fixes };
      return await judgeErasedBuild(result, prepared.files, this.environment);
    } finally {
      await releaseCargoPlacement(placement);
    }
  }

  private async runSteps(placement: CargoPlacement, owner: PrecheckedCrate, sandbox: Sandbox, signal: AbortSignal | undefined): Promise<{ result: PrecheckResult; refusal: LockedRefusal | null }> {
    const { config } = this.settings;
    const root = placement.directory;
    const locked = runsLocked(placement);
    const buildStep = this.settings.buildStep ?? 'build';
    const steps: PrecheckStep[] = buildStep === 'none' ? [] : ['build'];
    if (config.precheck.test && (await crateHasTests(root))) steps.push('test');
    const crate = { doctests: (steps.includes('test') || buildStep === 'test-targets') && (await crateHasDoctests(root)), locked, owner, buildTestTargets: buildStep === 'test-targets' };
    if (sandbox.kind === 'bwrap') await fetchDependencies(root, config, this.environment, signal, locked);
    const placed = {
      crateCopyDir: root,
      writable: [selectPrecheckTargetDir(config.precheck, this.environment, owner)],
      ...(placement.kind === 'in-place' ? { crateReadOnly: true } : {}),
      ...(placement.kind === 'scratch' ? {} : { readable: placement.readDirectories }),
      config,
      environment: this.environment,
    };
    const ran: PrecheckStep[] = [];
    let wallTimeMs = 0;
    let last: PrecheckResult | null = null;
    for (const step of steps) {
      ran.push(step);
      const { job, root: jobRoot } = await placeInSandbox(buildPrecheckJob(step, root, config, this.environment, crate), sandbox, placed, { cargo: true });
      const outcome = await runProcessJob(job, signal === undefined ? {} : { signal });
      if (outcome.kind === 'aborted') throwAbortReason(signal);
      wallTimeMs += outcome.wallTimeMs;
      last = this.classifyStep(step, outcome, { steps: [...ran], command: job.command, wallTimeMs }, jobRoot);
      if (last.status === 'passed') continue;
      return { result: last, refusal: locked && outcome.kind === 'exited' ? readLockedRefusal(outcome.stderr.text) : null };
    }
    return { result: last ?? { status: 'passed', steps: [], command: [], wallTimeMs, warnings: [] }, refusal: null };
  }

  /**
   * A private copy of the user's crate that builds in a configured `[verifier.precheck] target_dir`
   * gets a package name of its own content (isolateScratchDirectory), as scratch copies do: that
   * directory is shared, and cargo names a path package's units by name, version and path relative to
   * the workspace root, the same for every copy of every crate of that name, and judges freshness by
   * mtime (isolate-scratch-package.ts cites the cargo source). Under one name, the copy of one crate
   * reused another same-named crate's build: a crate that does not build passed its pre-check. In the
   * user's own target directory (CARGO_TARGET_DIR, or none configured) the copy keeps its name, so
   * that the user's directory does not fill with one build per content.
   */
  private async isolateSharedCopy(placement: CargoPlacement): Promise<void> {
    if (placement.kind === 'copy' && this.settings.config.precheck.targetDir !== null) await isolateScratchDirectory(placement.directory);
  }

  /** Once per pre-checker (the probe is once per process); the unsandboxed notice once per run. */
  private selectSandbox(): Promise<Sandbox> {
    this.sandbox ??= selectSandbox(this.settings.config, this.environment, { docker: true }).then((sandbox) => {
      if (sandbox.kind === 'none') noticeOnce('unsandboxed', describeUnsandboxed(sandbox.reason));
      return sandbox;
    });
    return this.sandbox;
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

/** The files the erasure fixes changed, written over the private copy (never over the user's crate: a crate needing fixes is always copied). */
async function writeFixedFiles(directory: string, prepared: ErasureFixedFiles): Promise<void> {
  for (const file of prepared.changed) {
    const destination = path.join(directory, ...file.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, prepared.files.get(file)!);
  }
}
