import { describeVerdictOrigin, type VerdictOrigin } from '../../core/verdict-origin.js';
import type { Verifier } from '../../core/verifier.js';
import type { VerifierResult } from '../../core/verifier-result.js';

/** Verifier work of one attempt: calls, wall time, and the per-function time Verus reports. */
export interface VerifierWork {
  calls: number;
  wallMs: number;
  reportedMs: number;
  /** The distinct origins of the verdicts that ran, by description. */
  origins: Map<string, VerdictOrigin>;
}

/**
 * Wraps the `Verifier` port to count its work; verdicts pass through untouched, and every other
 * member of the concrete verifier (a proxy, so additions to the port keep working) is forwarded.
 */
export function meterVerifier<V extends Verifier>(inner: V, work: VerifierWork): V {
  return new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      if (property !== 'verify' && property !== 'verifyWithReport') return method.bind(target);
      return async (...args: unknown[]): Promise<unknown> => {
        const answer = await method.apply(target, args);
        // `verifyWithReport` (the reporting verifier) answers { result, report }; `verify` the result itself.
        const result = (property === 'verify' ? answer : (answer as { result: VerifierResult }).result) as VerifierResult;
        work.calls += 1;
        work.wallMs += result.wallTimeMs;
        work.origins.set(describeVerdictOrigin(result.origin), result.origin);
        if (result.status === 'verified' || result.status === 'failed') work.reportedMs += result.functions.reduce((total, outcome) => total + (outcome.timeMs ?? 0), 0);
        return answer;
      };
    },
  });
}
