/**
 * One external process to run, as plain data. Building a job runs nothing; run-process-job.ts is
 * the only code that spawns it. The environment is complete (nothing is inherited from the parent),
 * so what a verifier sees is exactly what the job lists.
 */
export interface ProcessJob {
  /** Program first, then its arguments. */
  command: string[];
  cwd: string;
  env: Record<string, string>;
  /** Wall-clock limit for the whole process tree; null = none. */
  timeoutMs: number | null;
  /** Bytes kept per stream: the head and the tail, with a marker in place of the middle. */
  maxOutputBytes: number;
  /**
   * Commands run after the tree was killed (timeout or abort), e.g. `docker rm -f <name>`: killing
   * the docker client does not stop its container.
   */
  cleanupCommands: string[][];
}
