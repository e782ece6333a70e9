/**
 * What a run hears while a model call is outstanding: `model-waiting` when the first call starts and
 * again every heartbeat (a few seconds) with the time waited so far, then `model-finished` when no
 * call is outstanding any more. Overlapping calls (parallel samples) count as one wait. Shaped as
 * repair events, so a run's event sink can take them as they are.
 */
export type ModelWaitEvent =
  | { type: 'model-waiting'; elapsedMs: number }
  | { type: 'model-finished'; elapsedMs: number; outcome: 'answered' | 'failed' };

/** How often a waiting run says so by default. */
export const DEFAULT_HEARTBEAT_MS = 5_000;
