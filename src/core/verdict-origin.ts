import { assertNever } from './assert-never.js';

/**
 * Where a verifier verdict came from, as far as the product can know it. There is deliberately no
 * "real": the product cannot know that a binary on PATH is Verus, only which binary ran and what
 * version it reported (a test fake reports `fake`). Switches over `kind` end in assertNever.
 */
export type VerdictOrigin =
  /** A local run: which tool, the program that was executed (resolved on PATH when possible), and the version its output reported. */
  | { kind: 'local'; tool: 'cargo-verus' | 'verus'; program: string; verusVersion: string | null }
  /** A run in a container: the image reference, its digest when known, and the version its output reported. */
  | { kind: 'docker'; image: string; digest: string | null; verusVersion: string | null }
  /** A run on a queue worker: the queue, the worker that answered, and the origin the worker reported for its own run. */
  | { kind: 'queue'; queue: string; worker: string | null; ran: VerdictOrigin | null }
  /** Replayed from a recordings file; `synthetic` when the recordings say they were made by hand or by a fake. */
  | { kind: 'recorded'; source: string; synthetic: boolean }
  /** Answered from a cache (local or shared) that was filled by a run of origin `of`. */
  | { kind: 'cache'; of: VerdictOrigin };

/** One line naming an origin, for reports, summaries, trailers and `log`. */
export function describeVerdictOrigin(origin: VerdictOrigin): string {
  switch (origin.kind) {
    case 'local':
      return `local ${origin.tool} at ${origin.program}, ${describeVersion(origin.verusVersion)}`;
    case 'docker':
      return `docker ${origin.image}${origin.digest === null ? '' : `@${origin.digest}`}, ${describeVersion(origin.verusVersion)}`;
    case 'queue': {
      const worker = origin.worker === null ? '' : ` worker ${origin.worker}`;
      return `queue ${origin.queue}${worker}${origin.ran === null ? '' : ` (${describeVerdictOrigin(origin.ran)})`}`;
    }
    case 'recorded':
      return origin.synthetic ? `recorded outputs (synthetic) from ${origin.source}` : `recorded outputs from ${origin.source}`;
    case 'cache':
      return `cache of ${describeVerdictOrigin(origin.of)}`;
    default:
      return assertNever(origin, 'verdict origin');
  }
}

/** The origin a cache hit reports: the stored origin, wrapped once (a hit of a hit stays `cache of <run>`). */
export function originOfCacheHit(stored: VerdictOrigin): VerdictOrigin {
  return stored.kind === 'cache' ? stored : { kind: 'cache', of: stored };
}

/** The origin beneath any cache and queue wrapping: the run that actually produced the verdict. */
export function innermostVerdictOrigin(origin: VerdictOrigin): VerdictOrigin {
  if (origin.kind === 'cache') return innermostVerdictOrigin(origin.of);
  if (origin.kind === 'queue' && origin.ran !== null) return innermostVerdictOrigin(origin.ran);
  return origin;
}

function describeVersion(version: string | null): string {
  return version === null ? 'Verus version not reported' : `Verus ${version}`;
}
