/** What one stream printed, bounded: `omittedBytes` were dropped from the middle. */
export interface CapturedOutput {
  text: string;
  totalBytes: number;
  omittedBytes: number;
}

interface OutcomeFacts {
  stdout: CapturedOutput;
  stderr: CapturedOutput;
  wallTimeMs: number;
}

/**
 * How a job ended. The runner never throws for any of these: a process that could not start
 * (`spawn-failed`, e.g. ENOENT), ran too long (`timed-out`) or was cancelled (`aborted`) is data.
 */
export type ProcessOutcome =
  | (OutcomeFacts & { kind: 'exited'; exitCode: number | null; signal: string | null })
  | (OutcomeFacts & { kind: 'timed-out'; timeoutMs: number })
  | (OutcomeFacts & { kind: 'aborted' })
  | (OutcomeFacts & { kind: 'spawn-failed'; errorCode: string | null; message: string });
