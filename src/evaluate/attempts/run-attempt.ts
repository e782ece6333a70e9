import { existsSync } from 'node:fs';
import { InternalError } from '../../core/errors.js';
import { describeVerdictOrigin, type VerdictOrigin } from '../../core/verdict-origin.js';
import path from 'node:path';
import { prepareRepair } from '../../repair/setup/prepare-repair.js';
import { repairCrate } from '../../repair/repair-crate.js';
import type { RepairEvent } from '../../repair/repair-event.js';
import { attemptSlug, formatAttemptKey, type AttemptKey } from './attempt-key.js';
import { AttemptMeter } from './attempt-meter.js';
import type { AttemptRecord } from './attempt-record.js';
import { createAttemptWorkspace } from './attempt-workspace.js';
import type { BenchSetting } from '../grids/bench-grid.js';
import type { BenchTask } from '../suites/bench-task.js';
import { meterVerifier, type VerifierWork } from './metered-verifier.js';

/** What every attempt of a bench shares. */
export interface AttemptContext {
  outDir: string;
  /** The task template repository of each task id (createTaskTemplate). */
  templates: ReadonlyMap<string, string>;
  verifierTable: Record<string, unknown> | null;
  queueTable: Record<string, unknown> | null;
  runner: 'docker' | 'local' | 'queue' | null;
  houdiniRounds: number;
  /** `bench --stability N`; null = the attempt's configured `[verifier] stability_seeds`. */
  stability?: number | null;
  recordDir: string | null;
  replayDir: string | null;
  environment: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Every repair event of the attempt (for live spend). */
  onEvent?: (key: string, event: RepairEvent) => void;
}

/**
 * One attempt through the repair loop itself (prepareRepair + repairCrate, as `repair` wires it) in
 * its own repository; the record links to the ledger run that is the evidence.
 */
export async function runAttempt(task: BenchTask, setting: BenchSetting, key: AttemptKey, seed: number, context: AttemptContext): Promise<AttemptRecord> {
  const slug = attemptSlug(key);
  const started = performance.now();
  const template = context.templates.get(task.id);
  if (template === undefined) throw new InternalError(`no template repository for task ${task.id}`);
  const workspace = await createAttemptWorkspace(path.join(context.outDir, 'attempts', slug), template, setting, context.verifierTable, context.queueTable);
  const cassette = context.replayDir !== null ? path.join(context.replayDir, `${slug}.jsonl`) : context.recordDir !== null ? path.join(context.recordDir, `${slug}.jsonl`) : null;
  const meter = new AttemptMeter();
  const work: VerifierWork = { calls: 0, wallMs: 0, reportedMs: 0, origins: new Map() };
  const base = { key: formatAttemptKey(key), taskId: key.taskId, settingId: key.settingId, repetition: key.repetition, seed, repoDir: workspace.repoDir, runId: slug, cassette };
  let tokens = { prompt: 0, completion: 0 };
  // The run report lists cache hits too; the meter sees only the runs (all an attempt that threw leaves).
  let reportedOrigins: VerdictOrigin[] = [];
  const sink = (event: RepairEvent): void => {
    meter.observe(event);
    context.onEvent?.(base.key, event);
  };
  const { request, services } = await prepareRepair({
    crate: workspace.crateDir, file: task.file, functions: task.functions, iterations: setting.iterations, feedbackLevel: setting.feedback, samples: setting.samples,
    model: setting.model.name, runner: context.runner, replay: context.replayDir === null ? null : cassette, record: context.recordDir === null ? null : cassette,
    allowSpecChanges: [], houdiniRounds: context.houdiniRounds, maxTokens: null, maxCostUsd: null, maxWallTimeMs: null, cache: true, runId: slug,
    environment: context.environment, ...(context.signal === undefined ? {} : { signal: context.signal }), stability: context.stability ?? null,
  }, sink);
  services.verifier = meterVerifier(services.verifier, work);
  let outcome: Pick<AttemptRecord, 'outcome' | 'stopReason' | 'ledgerBranch'>;
  const loopStarted = performance.now();
  try {
    const result = await repairCrate(request, services);
    outcome = { outcome: result.outcome, stopReason: result.stopReason, ledgerBranch: result.ledgerBranch };
    tokens = { prompt: result.report.totals.promptTokens, completion: result.report.totals.completionTokens };
    reportedOrigins = result.report.verifierOrigins.map((entry) => entry.origin);
  } catch (error) {
    if (context.signal?.aborted === true) throw error;
    outcome = { outcome: 'error', stopReason: (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'error', ledgerBranch: null };
  }
  const loopMs = performance.now() - loopStarted;
  const measures = meter.measures;
  const totals = services.model.budget.snapshot();
  const verified = outcome.outcome === 'verified';
  return {
    ...base, ...outcome, iterationsToSuccess: measures.iterationsToSuccess,
    ...((request.stabilitySeeds ?? []).length === 0 ? {} : { stabilitySeeds: request.stabilitySeeds?.length ?? 0, stableIterationsToSuccess: measures.stableIterationsToSuccess }), candidatesToSuccess: measures.candidatesToSuccess, iterations: measures.iterations, candidates: measures.candidates,
    promptTokens: tokens.prompt || totals.promptTokens, completionTokens: tokens.completion || totals.completionTokens, modelCalls: totals.calls, costUsd: totals.costUsd, cachedPromptTokens: totals.cachedPromptTokens,
    verifierCalls: work.calls, verifierWallMs: work.wallMs, verifierReportedMs: work.reportedMs, precheckMs: measures.precheckMs,
    cacheHits: Math.max(0, measures.verifyStages - work.calls), formatErrors: measures.formatErrors, identicalCandidates: measures.identicalCandidates,
    guardRejections: measures.guardRejections, lastResult: measures.lastResult, lastErrorKinds: measures.lastErrorKinds, obligations: measures.obligations,
    repairedObligations: verified ? measures.obligations : Math.max(0, measures.obligations - (measures.fewestErrors ?? measures.obligations)),
    wallTimeMs: performance.now() - started, loopMs,
    verifierOrigins: [...new Map([...reportedOrigins, ...work.origins.values()].map((origin) => [describeVerdictOrigin(origin), origin])).values()],
    modelOrigin: request.modelOrigin,
    cassette: cassette !== null && existsSync(cassette) ? cassette : null,
  };
}
