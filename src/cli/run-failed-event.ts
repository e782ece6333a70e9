import { exitCodeFor } from './exit-code-for.js';

/**
 * The last NDJSON line of `repair --json` when the command ends with an error (bad input, a
 * toolchain or model failure, Ctrl-C, a bug) instead of the run's own `run-finished` event: a
 * consumer of the stream always sees how it ended. `runId` is null when no run was prepared.
 */
export interface RunFailedEvent {
  type: 'run-finished';
  runId: string | null;
  outcome: 'error';
  exitCode: number;
  error: { kind: string; message: string };
}

export function describeRunFailure(runId: string | null, error: unknown): RunFailedEvent {
  const failure = exitCodeFor(error);
  const message = failure.message ?? (error instanceof Error ? error.message : String(error));
  return { type: 'run-finished', runId, outcome: 'error', exitCode: failure.exitCode, error: { kind: failure.kind, message: message.replace(/^verus-repair( repair)?: /, '') } };
}
