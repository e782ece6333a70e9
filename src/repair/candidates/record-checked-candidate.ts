import path from 'node:path';
import { describeModelOrigin } from '../../core/model-origin.js';
import { describeVerdictOrigin } from '../../core/verdict-origin.js';
import type { GitProofLedger, RunWorkspace } from '../../ledger/git-proof-ledger.js';
import { sumRlimitUse } from '../../verifier/result/sum-rlimit-use.js';
import { describePrecheck } from '../../verifier/render/describe-precheck.js';
import { renderScopeTrailers } from '../../verifier/scope/render-scope-trailers.js';
import { describeEntailment } from '../../specification/index.js';
import { renderRlimitMargin, renderStabilityTrailer } from '../../verifier/stability/describe-stability.js';
import type { CheckedCandidate } from './checked-candidate.js';
import { countErrorsByKind } from './checked-candidate.js';
import type { CrateFiles } from '../setup/crate-snapshot.js';
import { withFile } from '../setup/crate-snapshot.js';
import type { RepairRequest } from '../repair-request.js';

export interface RecordingContext {
  request: RepairRequest;
  ledger: GitProofLedger;
  run: RunWorkspace;
  originalFiles: CrateFiles;
}

/** Extra facts for the ledger note of one checked candidate. */
export interface CandidateNoteFacts {
  summary: string;
  promptDigest: string | null;
  responseDigest: string | null;
  tokens: { prompt: number; completion: number; estimated: boolean } | null;
  /** 1-based lines of the recorded cassette holding the model exchange(s) behind this candidate. */
  cassetteLines?: number[] | null;
  details: Record<string, unknown>;
}

/** Commits a checked candidate to the run's ledger branch with its trailers and note. */
export async function recordCheckedCandidate(context: RecordingContext, checked: CheckedCandidate, facts: CandidateNoteFacts): Promise<string> {
  const { request } = context;
  const files = [...withFile(context.originalFiles, request.file, checked.source)].map(([file, bytes]) => ({
    path: path.posix.join(request.crateDir.split(path.sep).join('/'), file),
    bytes,
  }));
  const verification = checked.verification?.verification ?? null;
  const toolchain = verification?.toolchain ?? null;
  // What the check cost as Verus reported it: per function in the note, the total as `Rlimit-Used`.
  const functions = verification?.status === 'verified' || verification?.status === 'failed' ? verification.functions : null;
  const stability = checked.verification?.stability;
  return context.ledger.recordCandidate(context.run, {
    files,
    summary: facts.summary,
    trailers: {
      proofResult: checked.result,
      errorCounts: countErrorsByKind(checked.diagnostics),
      verusVersion: toolchain?.verusVersion ?? null,
      toolchain: toolchain === null ? null : toolchain.imageDigest ?? (toolchain.pinHash === null ? null : `pin:${toolchain.pinHash}`),
      toolchainPin: request.toolchainPin?.sha256 ?? null,
      verifierArgs: verification?.command ?? [],
      ...(functions === null ? {} : { rlimitUsed: sumRlimitUse(functions) }),
      ...(stability === undefined ? {} : { stability: renderStabilityTrailer(stability), rlimitMargin: renderRlimitMargin(stability.margin) }),
      ...renderScopeTrailers(checked.verification?.scope),
      verifier: verification === null ? null : describeVerdictOrigin(verification.origin),
      model: request.modelName,
      modelOrigin: describeModelOrigin(request.modelOrigin),
      feedbackLevel: request.feedbackLevel,
      iteration: checked.iteration,
      sample: checked.sample,
      guard: describeGuard(checked),
      ...(checked.entailment === undefined ? {} : { specEntailment: describeEntailment(checked.entailment) }),
      ...describePrecheckTrailer(checked),
      ...(checked.counterexamples === undefined ? {} : { counterexample: checked.counterexamples.trailer }),
    },
    note: {
      report: {
        origin: checked.origin,
        verifierOrigin: verification?.origin ?? null,
        modelOrigin: request.modelOrigin,
        cache: checked.verification?.cache.status ?? null,
        precheck: checked.verification?.precheck.status ?? null,
        scope: checked.verification?.scope ?? null,
        diagnostics: checked.diagnostics,
        functions: functions?.map((outcome) => ({ function: outcome.function, success: outcome.success, timeMs: outcome.timeMs, rlimit: outcome.rlimit })) ?? null,
        guardViolations: checked.guard.verdict === 'reject' ? checked.guard.violations : [],
        ...(checked.entailment === undefined ? {} : { specEntailment: checked.entailment }),
        // What running the erased code showed: the original's counterexamples, or the invariants falsified before Verus and by which input.
        ...(checked.counterexamples === undefined ? {} : { counterexamples: checked.counterexamples }),
        // The seeds, each seed's verdict, errors and per-function rlimit use: audit --reverify reruns these seeds.
        ...(stability === undefined ? {} : { stability }),
        ...facts.details,
      },
      promptDigest: facts.promptDigest,
      responseDigest: facts.responseDigest,
      cassetteLines: facts.cassetteLines ?? null,
      tokens: facts.tokens,
      wallTimeMs: checked.wallTimeMs,
    },
  });
}

/**
 * The Precheck trailer, only where the erased pre-check was not plain and still let Verus run: fixes
 * made to the erased copy (`passed after fixes to the erased copy ...`), or `not applicable (...)`.
 * A failed pre-check needs none: Proof-Result says precheck-failed.
 */
function describePrecheckTrailer(checked: CheckedCandidate): { precheck?: string } {
  const precheck = checked.verification?.precheck;
  if (precheck === undefined || precheck.status === 'skipped') return {};
  if (precheck.status === 'not-applicable' || (precheck.status === 'passed' && (precheck.fixes ?? []).length > 0)) return { precheck: describePrecheck(precheck).replace(/ in \d+\.\d s/, '') };
  return {};
}

function describeGuard(checked: CheckedCandidate): string {
  const specChanges = checked.guard.allowedSpecChanges.map((change) => `spec-change: ${change.function}.${change.clause}`);
  if (checked.guard.verdict === 'reject') return `reject: ${[...new Set(checked.guard.violations.map((violation) => violation.rule))].join(', ')}`;
  return ['accept', ...specChanges].join('; ');
}
