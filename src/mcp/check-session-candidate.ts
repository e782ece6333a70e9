import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_GUARD_POLICY, type GuardVerdict } from '../core/guard-verdict.js';
import { computeSourceSha256 } from '../core/source-digest.js';
import { guardCandidate } from '../guard/guard-candidate.js';
import { decodeSourceBytes, parseVerusSource } from '../ir/index.js';
import { readVerdict } from '../repair/candidates/check-candidate.js';
import type { CheckedCandidate } from '../repair/candidates/checked-candidate.js';
import { materializeCrate, type CrateFiles } from '../repair/setup/crate-snapshot.js';
import { mapDiagnosticsToIr } from '../verifier/map-diagnostics-to-ir.js';
import { planVerificationScope } from '../verifier/scope/plan-verification-scope.js';
import { resolveFunctionSelector } from '../verifier/scope/resolve-function-selector.js';
import type { FocusSelection, VerificationScopePlan } from '../verifier/scope/verification-scope-plan.js';
import { verifyInScope } from '../verifier/scope/verify-in-scope.js';
import { listStabilitySeeds } from '../verifier/stability/list-stability-seeds.js';
import type { McpContext } from './mcp-context.js';
import type { SessionTarget } from './mcp-session.js';
import { listChangedFiles } from './select-target-file.js';

export interface SessionCheckRequest {
  target: SessionTarget;
  /** Absolute path of the crate in the user's repository (for its manifest's workspace and lock). */
  crateAbsolute: string;
  baseline: CrateFiles;
  files: CrateFiles;
  iteration: number;
  functions?: readonly string[] | undefined;
  seeds?: number | undefined;
  onStage?: (stage: 'guard' | 'precheck' | 'verify') => void;
}

/**
 * The guard against the baseline (when anything changed), then the sandboxed pre-check and Verus on
 * a scratch copy of the crate: focused on `functions` when named, else on what changed (the whole
 * crate confirming a focused pass), as repair checks its candidates. A rejected candidate never
 * reaches cargo or Verus. The user's files are only read.
 */
export async function checkSessionCandidate(context: McpContext, request: SessionCheckRequest, signal: AbortSignal): Promise<CheckedCandidate> {
  const started = performance.now();
  const source = decodeSourceBytes(request.files.get(request.target.file) ?? new Uint8Array(), request.target.file);
  const base = { iteration: request.iteration, sample: 0, origin: 'model' as const, source };
  request.onStage?.('guard');
  const guard = await guardSessionFiles(request.baseline, request.files, request.target.file);
  if (guard.verdict === 'reject') return { ...base, guard, result: 'guard-rejected', verification: null, diagnostics: [], wallTimeMs: performance.now() - started };
  const scratch = await materializeCrate(request.files, request.crateAbsolute, `mcp-i${request.iteration}`);
  try {
    const plan = await planScope(context, request, scratch);
    const verification = await verifyInScope(scratch, plan, context.options, {
      verifier: context.verifier,
      prechecker: context.prechecker,
      cache: context.cache,
      precheckRunsTests: context.config.precheck.test,
      ...(request.onStage === undefined ? {} : { onStage: request.onStage }),
      stabilitySeeds: listStabilitySeeds(request.seeds ?? 0),
    }, signal);
    const { result, diagnostics } = readVerdict(verification);
    return { ...base, guard, result, verification, diagnostics: await mapOntoSource(request.target.file, source, diagnostics), wallTimeMs: performance.now() - started };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The guard on the crate as it stands against the baseline: only the target file may change, and only honestly. Unchanged files pass. */
export async function guardSessionFiles(baseline: CrateFiles, files: CrateFiles, file: string): Promise<GuardVerdict> {
  if (listChangedFiles(baseline, files).length === 0) return { verdict: 'accept', allowedSpecChanges: [] };
  return guardCandidate({ original: baseline, candidate: files, editableFiles: [file], policy: DEFAULT_GUARD_POLICY });
}

/** The `Source-SHA256` the ledger would record for these crate files (repository-relative paths). */
export function digestSessionFiles(crateDir: string, files: CrateFiles): string {
  return computeSourceSha256([...files].map(([file, bytes]) => ({ path: path.posix.join(crateDir, file), bytes })));
}

async function planScope(context: McpContext, request: SessionCheckRequest, scratch: string): Promise<VerificationScopePlan> {
  const functions = request.functions ?? [];
  if (functions.length === 0) {
    return planVerificationScope({ originalFiles: request.baseline, file: request.target.file, candidate: request.files.get(request.target.file) ?? new Uint8Array(), policy: context.config.scope });
  }
  // Named functions are verified first, each in its module; the whole crate confirms when they pass.
  const selections: FocusSelection[] = [];
  for (const name of functions) {
    const resolved = await resolveFunctionSelector(scratch, name, null);
    selections.push({ module: resolved.module, function: resolved.function, covers: [resolved.path] });
  }
  return { kind: 'focused', functions: selections.flatMap((selection) => selection.covers), selections };
}

async function mapOntoSource(file: string, source: string, diagnostics: CheckedCandidate['diagnostics']): Promise<CheckedCandidate['diagnostics']> {
  try {
    return mapDiagnosticsToIr(diagnostics, new Map([[file, await parseVerusSource(source, { file, requireVerus: false })]]));
  } catch {
    return diagnostics;
  }
}
