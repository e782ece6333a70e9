import path from 'node:path';
import { buildFocusedContext, EditorAgent, InstructorAgent } from '../agents/index.js';
import { describeModelOrigin } from '../core/model-origin.js';
import { decodeSourceBytes, parseVerusSource, type VerusFileIr } from '../ir/index.js';
import type { RunWorkspace } from '../ledger/git-proof-ledger.js';
import { acquireRunLock } from '../ledger/run-lock.js';
import { listVerificationInputs } from '../verifier/cache/list-verification-inputs.js';
import { countErrorsByKind, describeToolchainFailure, type CheckedCandidate } from './candidates/checked-candidate.js';
import { checkCandidate } from './candidates/check-candidate.js';
import { describeFirstPrecheckError } from '../verifier/precheck/describe-first-precheck-error.js';
import { describePrecheck } from '../verifier/render/describe-precheck.js';
import { readCrateFiles, type CrateFiles } from './setup/crate-snapshot.js';
import { findFailingFunctions } from './candidates/find-failing-functions.js';
import { recordCheckedCandidate } from './candidates/record-checked-candidate.js';
import { DEFAULT_STOP_CONDITIONS, firstStopReason } from './setup/stop-conditions.js';
import type { RepairOutcome } from './report/repair-outcome.js';
import type { RepairRequest, RepairServices } from './repair-request.js';
import type { RepairRunState } from './repair-run-state.js';
import { readResumePoint, type ResumePoint } from './setup/read-resume-point.js';
import { recheckDroppedCandidates } from './candidates/recheck-dropped-candidates.js';
import { RunReportBuilder } from './report/run-report-builder.js';
import { runIteration } from './run-iteration.js';
import { chooseWinningCandidate } from './stability-verdict.js';
import { writeRunReport } from './report/write-run-report.js';
import { checkOriginalSpec, describeOriginalSpecCheck, resumeOriginalSpecCheck, withCounterexampleNotes, type OriginalSpecCheck } from './check-original-spec.js';

/**
 * The repair loop: verify the original (the baseline), then per iteration propose → guard →
 * pre-check → verify → record → feedback, until a candidate verifies or a stop condition holds.
 * Pass `resuming` to continue a killed run where its ledger ends (the ledger is read once the run's
 * lock is held, so a run is never resumed from a stale reading).
 * The run's lock is held throughout, so a run never has two writers.
 */
export async function repairCrate(request: RepairRequest, services: RepairServices, resuming = false): Promise<RepairOutcome> {
  const lock = await acquireRunLock(request.repoDir, request.runId);
  try {
    return await runRepair(request, services, resuming);
  } catch (error) {
    // A fresh run that dies before recording anything (Ctrl-C while the original is checked) leaves no empty run behind.
    if (!resuming && (await services.ledger.discardRunIfEmpty(request.runId).catch(() => false))) {
      services.emit({ type: 'run-discarded', runId: request.runId, reason: 'stopped before anything was recorded' });
    }
    throw error;
  } finally {
    await lock.release();
  }
}

async function runRepair(request: RepairRequest, services: RepairServices, resuming: boolean): Promise<RepairOutcome> {
  const started = services.now();
  const { ledger } = services;
  const { run, leftOut } = resuming ? { run: await ledger.reopenRun(request.runId), leftOut: [] } : await startRun(request, services);
  const dropped = resuming ? await ledger.dropUnnotedTip(run) : [];
  const point: ResumePoint | null = resuming ? await readResumePoint(ledger, request, await ledger.readRun(request.runId)) : null;
  const originalFiles: CrateFiles = point?.originalFiles ?? (await readCrateFiles(path.join(run.worktreeDir, request.crateDir)));
  // Decoded with any byte order mark kept, so that the recorded baseline and candidates keep the user's bytes.
  const originalSource = decodeSourceBytes(originalFiles.get(request.file) ?? new Uint8Array(), request.file);
  const originalIr = await parseVerusSource(originalSource, { file: request.file });
  const report = new RunReportBuilder(
    { runId: request.runId, crate: request.crateDir || '.', targetFunctions: request.targetFunctions ?? [], model: request.modelName, feedbackLevel: request.feedbackLevel,
      modelOrigin: { origin: request.modelOrigin, description: describeModelOrigin(request.modelOrigin) }, ledgerBranch: run.branch },
    originalSource, request.file,
  );
  services.emit({ type: 'run-started', runId: request.runId, crate: request.crateDir || '.', file: request.file, model: request.modelName, modelOrigin: request.modelOrigin,
    feedbackLevel: request.feedbackLevel, samples: request.samples, iterations: request.budget.iterations, resumedFrom: point?.iterationsDone ?? 0, untrackedLeftOut: leftOut,
    toolchainPin: request.toolchainPin ?? null });

  const checked = point === null ? await checkBaseline(request, services, run, originalFiles, originalSource, report, originalIr) : await resumeBaseline(request, services, run, point, report, originalIr);
  const { baseline } = checked;
  const targets = request.targetFunctions ?? findFailingFunctions(originalIr, baseline);
  services.emit({ type: 'baseline', result: baseline.result, failingFunctions: targets, errors: countErrorsByKind(baseline.diagnostics), verifierOrigin: baseline.verification?.verification?.origin ?? null, precheck: describeNotablePrecheck(baseline) });
  const early = checked.stop ?? baselineStop(baseline);
  const state: RepairRunState = {
    request, services, run, originalFiles, originalSource, originalIr, report, verifiedCommit: point?.verifiedCommit ?? null, originalSpecCheck: checked.specCheck,
    editor: new EditorAgent(services.model, services.templates, services.applier,
      { requestId: request.runId, filePath: path.posix.join(request.crateDir, request.file), originalSource, targets, diagnostics: withCounterexampleNotes(baseline.diagnostics, checked.specCheck) },
      services.editorSettings, (task) => buildFocusedContext(originalIr, task)),
    instructor: new InstructorAgent(services.model, services.templates, services.instructorOptions),
  };
  if (point !== null) state.editor.rememberEarlierCandidates(point.earlierCandidates);
  const rechecked = early === null ? await recheckDroppedCandidates(state, dropped) : 0;

  let iterationsDone = Math.max(point?.iterationsDone ?? 0, rechecked);
  let stopReason = early ?? (state.verifiedCommit !== null ? 'a candidate verified' : null);
  let modelBudgetExhausted: string | null = null;
  while (stopReason === null) {
    services.signal?.throwIfAborted();
    const totals = services.model.budget.snapshot();
    stopReason = firstStopReason(DEFAULT_STOP_CONDITIONS, {
      iterationsDone, tokensUsed: totals.promptTokens + totals.completionTokens, costUsd: totals.costUsd, elapsedMs: services.now() - started,
      verifiedCandidate: state.verifiedCommit !== null, modelBudgetExhausted,
    }, request.budget);
    if (stopReason !== null) break;
    services.emit({ type: 'iteration-started', iteration: iterationsDone + 1 });
    const result = await runIteration(state, iterationsDone + 1);
    if (result.status === 'budget-exhausted') modelBudgetExhausted = result.reason;
    else iterationsDone += 1;
    if (result.status === 'toolchain-error') stopReason = result.reason;
    const after = services.model.budget.snapshot();
    services.emit({ type: 'budget', tokens: after.promptTokens + after.completionTokens, cachedTokens: after.cachedPromptTokens, costUsd: after.costUsd, elapsedMs: services.now() - started, calls: after.calls });
  }

  const totals = services.model.budget.snapshot();
  // Stable over unstable: an unstable candidate is the answer only when no stable one verified.
  const winner = chooseWinningCandidate(state);
  const outcome = baseline.result === 'verified' || winner.commit !== null ? 'verified' : 'not-verified';
  const built = report.build(outcome, stopReason, { promptTokens: totals.promptTokens, cachedPromptTokens: totals.cachedPromptTokens, completionTokens: totals.completionTokens, costUsd: totals.costUsd, wallTimeMs: services.now() - started }, winner.stability);
  const reportFiles = await writeRunReport(request.repoDir, built);
  services.emit({ type: 'run-finished', runId: request.runId, outcome, stopReason, ledgerBranch: run.branch, reportFiles, verifierOrigins: built.verifierOrigins.map((entry) => entry.origin), modelOrigin: request.modelOrigin, ...(winner.stability === null ? {} : { stability: winner.stability }) });
  return { runId: request.runId, outcome, stopReason, ledgerBranch: run.branch, verifiedCommit: winner.commit, stability: winner.stability, report: built, reportFiles };
}

/** A fresh run: its base is HEAD plus the crate's uncommitted changes (only what verification reads). */
async function startRun(request: RepairRequest, services: RepairServices): Promise<{ run: RunWorkspace; leftOut: string[] }> {
  const crate = request.crateDir.split(path.sep).join('/');
  const inputs = await listVerificationInputs({ kind: 'crate', crateDir: path.join(request.repoDir, request.crateDir) });
  const base = await services.ledger.snapshotWorkingTree([crate === '' ? '.' : crate], inputs.files.map((file) => path.posix.join(crate, file)));
  return { run: await services.ledger.startRun(request.runId, base.commit), leftOut: base.leftOut };
}

interface BaselineCheck {
  baseline: CheckedCandidate;
  /** Why the run cannot start, when baselineStop's reading of the result would say less. */
  stop: string | null;
  /** At a counterexample level: the original's spec check (its counterexample stops the run when nothing can change the claim). */
  specCheck: OriginalSpecCheck | null;
}

/**
 * Verifies the original and records it as iteration 0; its note carries the request, for resume.
 * The original is pre-checked like every candidate: `not-applicable` (erasure explains its errors)
 * lets Verus run; an error Verus sees too stops the run before Verus (describePrecheckStop).
 */
async function checkBaseline(request: RepairRequest, services: RepairServices, run: RunWorkspace, originalFiles: CrateFiles, originalSource: string, report: RunReportBuilder, originalIr: VerusFileIr): Promise<BaselineCheck> {
  const original = { iteration: 0, sample: 0, origin: 'model' as const, source: originalSource };
  const prechecked = await checkCandidate(request, services, originalFiles, original);
  const verified: BaselineCheck = { baseline: prechecked, stop: describePrecheckStop(prechecked), specCheck: null };
  services.signal?.throwIfAborted();
  const targets = request.targetFunctions ?? findFailingFunctions(originalIr, verified.baseline);
  const specCheck = await checkOriginalSpec(request, services.specCheck, path.join(run.worktreeDir, request.crateDir), originalIr, verified.baseline, targets, services.signal);
  if (specCheck !== null) emitSpecCheck(services, specCheck);
  const checked: BaselineCheck = specCheck === null ? verified : { ...verified, baseline: { ...verified.baseline, counterexamples: describeOriginalSpecCheck(specCheck) }, specCheck, stop: verified.stop ?? specCheck.stop };
  if (specCheck !== null) report.setSpecCheck(specCheck);
  const commit = await recordCheckedCandidate({ request, ledger: services.ledger, run, originalFiles }, checked.baseline, {
    summary: `baseline: ${checked.baseline.result}`, promptDigest: null, responseDigest: null, tokens: null, details: { request },
  });
  report.addCandidate(checked.baseline, commit);
  return checked;
}

/**
 * A resumed run's baseline, from its ledger, with the original's spec check it recorded (judged
 * again: a false claim stops the resumed run as it stopped the first, and the editor keeps the
 * counterexamples as its reason to change the spec).
 */
async function resumeBaseline(request: RepairRequest, services: RepairServices, run: RunWorkspace, point: ResumePoint, report: RunReportBuilder, originalIr: VerusFileIr): Promise<BaselineCheck> {
  const targets = request.targetFunctions ?? findFailingFunctions(originalIr, point.baseline);
  const specCheck = await resumeOriginalSpecCheck(request, point.counterexamples, () =>
    checkOriginalSpec(request, services.specCheck, path.join(run.worktreeDir, request.crateDir), originalIr, point.baseline, targets, services.signal, point.originalFiles));
  if (specCheck === null) return { baseline: point.baseline, stop: null, specCheck: null };
  emitSpecCheck(services, specCheck);
  report.setSpecCheck(specCheck);
  return { baseline: { ...point.baseline, counterexamples: describeOriginalSpecCheck(specCheck) }, stop: specCheck.stop, specCheck };
}

function emitSpecCheck(services: RepairServices, specCheck: OriginalSpecCheck): void {
  services.emit({ type: 'spec-check', functions: specCheck.summary?.functions ?? [], executableClauses: specCheck.summary?.executableClauses ?? 0, clauses: specCheck.summary?.clauses ?? 0, counterexamples: specCheck.summary?.counterexamples ?? [], skipped: specCheck.skipped, stop: specCheck.stop });
}

/** Why the run cannot start when the original's erased pre-check stops it (an error Verus sees too, or a failing test); null otherwise. */
function describePrecheckStop(baseline: CheckedCandidate): string | null {
  const precheck = baseline.verification?.precheck;
  if (baseline.result !== 'precheck-failed' || precheck === undefined || precheck.status === 'passed' || precheck.status === 'skipped') return null;
  return `the original fails the erased pre-check (${describeFirstPrecheckError(precheck)}); fix that first`;
}

/** The original's pre-check on one line when it was not plain: fixes made to the erased copy, or not applicable. */
function describeNotablePrecheck(baseline: CheckedCandidate): string | null {
  const precheck = baseline.verification?.precheck;
  if (precheck === undefined || precheck.status === 'skipped') return null;
  return precheck.status === 'not-applicable' || (precheck.fixes ?? []).length > 0 ? describePrecheck(precheck) : null;
}

function baselineStop(baseline: CheckedCandidate): string | null {
  switch (baseline.result) {
    case 'verified': return 'the original already verifies; nothing to repair';
    case 'precheck-failed': return 'the original does not build or pass its tests with plain cargo; fix that first';
    case 'guard-rejected': return 'the original was rejected by the guard (internal inconsistency)';
    case 'toolchain-error': return describeToolchainFailure(baseline);
    case 'crashed': return 'the verifier crashed on the original';
    case 'failed':
    case 'timeout':
      return null;
  }
}
