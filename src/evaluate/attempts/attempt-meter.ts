import type { RepairEvent } from '../../repair/repair-event.js';

/** What one attempt's events add up to (the part of an AttemptRecord the repair loop reports). */
export interface AttemptMeasures {
  iterationsToSuccess: number | null;
  /** The first iteration with a verified candidate that was also stable under every stability seed (or not stability-checked). */
  stableIterationsToSuccess: number | null;
  candidatesToSuccess: number | null;
  iterations: number;
  candidates: number;
  promptTokensSeen: number;
  modelCalls: number;
  costUsd: number | null;
  precheckMs: number;
  verifyStages: number;
  formatErrors: number;
  identicalCandidates: number;
  guardRejections: Record<string, number>;
  lastResult: string | null;
  lastErrorKinds: Record<string, number>;
  obligations: number;
  fewestErrors: number | null;
}

/**
 * Folds a run's events into measures, without a hook in the loop: pre-check time is the span from a
 * candidate's `precheck` stage to its `verify` stage, protocol failures are the skipped candidates.
 */
export class AttemptMeter {
  readonly measures: AttemptMeasures = {
    iterationsToSuccess: null, stableIterationsToSuccess: null, candidatesToSuccess: null, iterations: 0, candidates: 0, promptTokensSeen: 0, modelCalls: 0, costUsd: null,
    precheckMs: 0, verifyStages: 0, formatErrors: 0, identicalCandidates: 0, guardRejections: {}, lastResult: null, lastErrorKinds: {}, obligations: 0, fewestErrors: null,
  };
  private readonly precheckStarted = new Map<string, number>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  observe(event: RepairEvent): void {
    const measures = this.measures;
    switch (event.type) {
      case 'baseline':
        measures.obligations = sum(event.errors);
        return;
      case 'iteration-started':
        measures.iterations = event.iteration;
        return;
      case 'candidate-stage':
        if (event.stage === 'precheck') this.precheckStarted.set(`${event.iteration}/${event.sample}/${event.origin}`, this.now());
        if (event.stage === 'verify') {
          measures.verifyStages += 1;
          const started = this.precheckStarted.get(`${event.iteration}/${event.sample}/${event.origin}`);
          if (started !== undefined) measures.precheckMs += this.now() - started;
        }
        return;
      case 'candidate-skipped':
        measures.candidates += 1;
        if (event.reason === 'identical') measures.identicalCandidates += 1;
        else measures.formatErrors += 1;
        return;
      case 'candidate-checked':
        if (event.iteration === 0) return;
        measures.candidates += 1;
        measures.lastResult = event.result;
        measures.lastErrorKinds = event.errors;
        for (const violation of event.violations) measures.guardRejections[violation.rule] = (measures.guardRejections[violation.rule] ?? 0) + 1;
        if (event.result === 'failed' || event.result === 'verified') measures.fewestErrors = Math.min(measures.fewestErrors ?? Infinity, event.result === 'verified' ? 0 : sum(event.errors));
        if (event.result === 'verified' && event.stability?.startsWith('unstable') !== true && measures.stableIterationsToSuccess === null) measures.stableIterationsToSuccess = event.iteration;
        if (event.result === 'verified' && measures.iterationsToSuccess === null) {
          measures.iterationsToSuccess = event.iteration;
          measures.candidatesToSuccess = measures.candidates;
        }
        return;
      case 'budget':
        measures.modelCalls = event.calls;
        measures.costUsd = event.costUsd;
        return;
      default:
        return;
    }
  }
}

function sum(counts: Record<string, number>): number {
  return Object.values(counts).reduce((total, count) => total + count, 0);
}
