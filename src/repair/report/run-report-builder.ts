import { createTwoFilesPatch } from 'diff';
import type { TacticRecord } from '../../agents/feedback/tactic-selection.js';
import { describeVerdictOrigin, type VerdictOrigin } from '../../core/verdict-origin.js';
import type { RunSpecCheck } from '../../report/run-report.js';
import type { CandidateReport, CandidateStability, DescribedOrigin, IterationReport, RunReport } from '../../report/run-report.js';
import { describeStability, renderRlimitMargin } from '../../verifier/stability/describe-stability.js';
import type { CheckedCandidate } from '../candidates/checked-candidate.js';
import type { OriginalSpecCheck } from '../check-original-spec.js';
import { isUndecidedSeedRun } from '../../verifier/stability/stability-report.js';

/** Collects what the run did, iteration by iteration, into the RunReport the renderers draw. */
export class RunReportBuilder {
  private readonly iterations = new Map<number, IterationReport>();
  /** Keyed by description: two verdicts of one origin are listed once. */
  private readonly origins = new Map<string, DescribedOrigin<VerdictOrigin>>();
  private specCheck: RunSpecCheck | null = null;

  constructor(
    private readonly header: Omit<RunReport, 'iterations' | 'outcome' | 'stopReason' | 'totals' | 'verifierOrigins'>,
    private readonly originalSource: string,
    private readonly file: string,
  ) {}

  addCandidate(checked: CheckedCandidate, commit: string | null): void {
    const origin = checked.verification?.verification?.origin;
    if (origin !== undefined) this.noteOrigin(origin);
    const candidate: CandidateReport = {
      iteration: checked.iteration,
      sample: checked.sample,
      origin: checked.origin,
      result: checked.result,
      commit,
      diff: createTwoFilesPatch(`a/${this.file}`, `b/${this.file}`, this.originalSource, checked.source, '', '', { context: 2 }).split('\n').slice(2).join('\n'),
      errors: checked.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => ({
        kind: diagnostic.kind, message: diagnostic.message, file: diagnostic.primary?.file ?? null, line: diagnostic.primary?.line ?? null,
      })),
      guardViolations: checked.guard.verdict === 'reject' ? checked.guard.violations : [],
      wallTimeMs: checked.wallTimeMs,
      ...(checked.counterexamples?.invariantTest?.status === 'falsified' ? { falsifiedInvariants: checked.counterexamples.invariantTest.falsified.map((entry) => entry.description) } : {}),
      ...describeCandidateStability(checked),
    };
    this.iteration(checked.iteration).candidates.push(candidate);
  }

  /** The original's spec check (check-original-spec.ts), for the report's header. */
  setSpecCheck(check: OriginalSpecCheck): void {
    const summary = check.summary;
    this.specCheck = {
      executableClauses: summary?.executableClauses ?? 0, clauses: summary?.clauses ?? 0, counterexamples: summary?.counterexamples ?? [],
      functions: (summary?.functions ?? []).map(({ function: name, executableClauses, clauses, tried, satisfyingRequires, counterexamples, reason }) => ({ function: name, executableClauses, clauses, tried, satisfyingRequires, counterexamples, reason })),
      skipped: check.skipped, stop: check.stop,
    };
  }

  setIterationUsage(iteration: number, usage: { promptTokens: number; completionTokens: number; wallTimeMs: number }): void {
    Object.assign(this.iteration(iteration), usage);
  }

  setFeedback(iteration: number, feedback: string, advice: string | null, tactics: TacticRecord | null = null): void {
    Object.assign(this.iteration(iteration), { feedback, instructorAdvice: advice, ...(tactics === null ? {} : { tactics }) });
  }

  build(outcome: RunReport['outcome'], stopReason: string, totals: RunReport['totals'], stability: string | null = null): RunReport {
    const iterations = [...this.iterations.values()].sort((left, right) => left.iteration - right.iteration);
    return { ...this.header, verifierOrigins: this.verifierOrigins(), outcome, ...(this.specCheck === null ? {} : { specCheck: this.specCheck }), ...(stability === null ? {} : { stability }), stopReason, totals, iterations };
  }

  /** The distinct origins of the verdicts added so far. */
  verifierOrigins(): Array<DescribedOrigin<VerdictOrigin>> {
    return [...this.origins.values()];
  }

  private noteOrigin(origin: VerdictOrigin): void {
    const description = describeVerdictOrigin(origin);
    if (!this.origins.has(description)) this.origins.set(description, { origin, description });
  }

  private iteration(iteration: number): IterationReport {
    let entry = this.iterations.get(iteration);
    if (entry === undefined) {
      entry = { iteration, candidates: [], instructorAdvice: null, feedback: null, promptTokens: 0, completionTokens: 0, wallTimeMs: 0 };
      this.iterations.set(iteration, entry);
    }
    return entry;
  }
}

function describeCandidateStability(checked: CheckedCandidate): { stability?: CandidateStability } {
  const stability = checked.verification?.stability;
  if (stability === undefined || checked.result !== 'verified') return {};
  return { stability: {
    label: describeStability(stability), stable: stability.stable, failedSeeds: stability.runs.filter((run) => run.status !== 'verified' && !isUndecidedSeedRun(run)).map((run) => run.seed),
    undecidedSeeds: stability.runs.filter(isUndecidedSeedRun).map((run) => run.seed),
    rlimitMargin: renderRlimitMargin(stability.margin), nearLimit: stability.margin.nearLimit,
  } };
}
