import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import { baseFeedbackLevel, recordTacticSelection, type CandidateOutcome, type TacticRecord } from '../agents/index.js';
import { describeFeedbackCounterexample } from './feedback/describe-feedback-counterexample.js';
import { parseVerusSource } from '../ir/index.js';
import { checkCandidate } from './candidates/check-candidate.js';
import { countErrorsByKind, describeToolchainFailure, type CheckedCandidate } from './candidates/checked-candidate.js';
import { chooseFeedbackCandidate, composeFeedback } from './feedback/compose-feedback.js';
import { pruneFailingAddedProofs } from './candidates/prune-failing-proofs.js';
import { recordCheckedCandidate } from './candidates/record-checked-candidate.js';
import type { RepairRunState } from './repair-run-state.js';
import { composeStabilityFeedback } from './feedback/compose-stability-feedback.js';
import { describeEventStability, describeUndecidedStability, isStablyVerified, isUnstablyVerified, noteVerifiedCandidate } from './stability-verdict.js';

export type IterationResult =
  | { status: 'checked'; verified: boolean }
  | { status: 'budget-exhausted'; reason: string }
  | { status: 'toolchain-error'; reason: string };

/**
 * One iteration: the editor proposes K candidates; each is guarded, pre-checked and verified side by
 * side (failing ones first pruned Houdini-style); all are recorded in the ledger; then the editor gets
 * feedback on the most informative one.
 */
export async function runIteration(state: RepairRunState, iteration: number): Promise<IterationResult> {
  const { services, request } = state;
  const started = services.now();
  const before = services.model.budget.snapshot();
  const promptDigest = digest(state.editor.messages());
  const firstLine = (services.cassette?.linesWritten() ?? 0) + 1;
  const proposal = await state.editor.propose(services.signal);
  const cassetteLines = services.cassette === null ? null : range(firstLine, services.cassette.linesWritten());
  if (proposal.status === 'budget-exhausted') return { status: 'budget-exhausted', reason: proposal.exhausted.reason };

  const pool = pLimit(Math.max(1, request.concurrency));
  const attempts = await Promise.all(proposal.outcomes.map((outcome, sample) => pool(() => checkOutcome(state, iteration, sample, outcome))));
  // Interrupted while checking: none of this iteration's candidates is recorded, so a resume redoes it whole.
  services.signal?.throwIfAborted();
  const after = services.model.budget.snapshot();
  const tokens = { prompt: after.promptTokens - before.promptTokens, completion: after.completionTokens - before.completionTokens, estimated: after.estimatedCalls > before.estimatedCalls };
  let first = true;
  for (const [sample, checkedList] of attempts.entries()) {
    const outcome = proposal.outcomes[sample];
    for (const checked of checkedList) {
      const commit = await recordCheckedCandidate(
        { request, ledger: services.ledger, run: state.run, originalFiles: state.originalFiles },
        checked,
        {
          summary: `iteration ${iteration} sample ${sample}${checked.origin === 'houdini' ? ' (pruned)' : ''}: ${checked.result}`,
          promptDigest,
          responseDigest: outcome === undefined ? null : digest(outcome.choice),
          tokens: first ? tokens : null,
          cassetteLines,
          // The cards the prompt behind this candidate carried (guided levels), with budget and cuts.
          details: state.feedbackTactics ? { feedbackTactics: state.feedbackTactics } : {},
        },
      );
      first = false;
      state.report.addCandidate(checked, commit);
      services.emit({ type: 'candidate-checked', iteration, sample, origin: checked.origin, result: checked.result, errors: countErrorsByKind(checked.diagnostics), violations: checked.guard.verdict === 'reject' ? checked.guard.violations : [], commit, wallTimeMs: checked.wallTimeMs, ...describeEventStability(checked) });
      if (checked.result === 'verified') noteVerifiedCandidate(state, checked, commit);
    }
  }
  const checked = attempts.flat();
  // A verified but unstable candidate does not end the run: the editor is asked for a more robust proof.
  const undecided = describeUndecidedStability(checked);
  const result: IterationResult = checked.some(isStablyVerified)
    ? { status: 'checked', verified: true }
    : checked.some((candidate) => candidate.result === 'toolchain-error')
      ? { status: 'toolchain-error', reason: describeToolchainFailure(checked.find((candidate) => candidate.result === 'toolchain-error')) }
      : undecided !== null
        ? { status: 'toolchain-error', reason: undecided }
        : { status: 'checked', verified: false };
  if (result.status === 'checked' && !result.verified) await giveFeedback(state, iteration, proposal.outcomes, attempts);
  // The iteration's usage includes the instructor's call made for its feedback.
  const end = services.model.budget.snapshot();
  state.report.setIterationUsage(iteration, { promptTokens: end.promptTokens - before.promptTokens, completionTokens: end.completionTokens - before.completionTokens, wallTimeMs: services.now() - started });
  return result;
}

async function checkOutcome(state: RepairRunState, iteration: number, sample: number, outcome: CandidateOutcome): Promise<CheckedCandidate[]> {
  if (outcome.status !== 'candidate') {
    state.services.emit({ type: 'candidate-skipped', iteration, sample, reason: outcome.status, detail: outcome.status === 'format-error' ? outcome.problem : `identical to ${outcome.match === 'original' ? 'the original' : `iteration ${outcome.match.iteration}`}` });
    return [];
  }
  const attempts = [await checkCandidate(state.request, state.services, state.originalFiles, { iteration, sample, origin: 'model', source: outcome.source })];
  for (let round = 0; round < state.request.houdiniRounds; round++) {
    const last = attempts[attempts.length - 1];
    if (last === undefined || last.result !== 'failed') break;
    const pruned = pruneFailingAddedProofs(state.originalIr, await parseVerusSource(last.source, { file: state.request.file, requireVerus: false }), last.diagnostics);
    if (pruned === null) break;
    attempts.push(await checkCandidate(state.request, state.services, state.originalFiles, { iteration, sample, origin: 'houdini', source: pruned.source }));
  }
  return attempts;
}

async function giveFeedback(state: RepairRunState, iteration: number, outcomes: readonly CandidateOutcome[], attempts: CheckedCandidate[][]): Promise<void> {
  const fragile = attempts.flat().find(isUnstablyVerified);
  if (fragile !== undefined) return giveStabilityFeedback(state, iteration, outcomes, fragile);
  const modelAttempts = attempts.map((list) => list[0]).filter((candidate): candidate is CheckedCandidate => candidate !== undefined);
  const chosen = chooseFeedbackCandidate(modelAttempts);
  const outcome = chosen === null ? outcomes[0] : outcomes[chosen.sample];
  if (outcome === undefined) return;
  let text: string;
  let advice: string | null = null;
  let tactics: TacticRecord | null = null;
  if (chosen === null || outcome.status !== 'candidate') {
    text = outcome.status === 'candidate' ? '' : outcome.feedback;
  } else {
    const counterexample = await describeFeedbackCounterexample(state, chosen);
    const composed = await composeFeedback(chosen, state.request.feedbackLevel, state.services.templates, state.instructor, state.services.signal, state.request.tacticBudgetTokens, counterexample);
    text = composed.text;
    advice = composed.advice?.text ?? null;
    if (composed.tactics !== null) tactics = recordTacticSelection(composed.tactics, baseFeedbackLevel(state.request.feedbackLevel) === 'guided' ? 'editor' : 'instructor');
  }
  if (advice !== null) state.services.emit({ type: 'instructor-advice', iteration, advice });
  state.services.emit({ type: 'feedback', iteration, level: state.request.feedbackLevel, text, ...(tactics === null ? {} : { tactics }) });
  state.report.setFeedback(iteration, text, advice, tactics);
  state.feedbackTactics = tactics;
  state.editor.respond(outcome, text);
}

/** For a proof that verified but not under every seed: which seeds failed, their errors, and a request for a more robust proof. */
function giveStabilityFeedback(state: RepairRunState, iteration: number, outcomes: readonly CandidateOutcome[], fragile: CheckedCandidate): void {
  const outcome = outcomes[fragile.sample];
  const stability = fragile.verification?.stability;
  if (outcome === undefined || stability === undefined) return;
  const text = composeStabilityFeedback(stability);
  state.services.emit({ type: 'feedback', iteration, level: state.request.feedbackLevel, text });
  state.report.setFeedback(iteration, text, null, null);
  state.feedbackTactics = null;
  state.editor.respond(outcome, text);
}

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, offset) => from + offset);
}
