/** The bench command's flags, read and checked (commands/bench.ts), as run-bench-command.ts takes them. */
export interface BenchFlags {
  out: string;
  jobs: number;
  resume: boolean;
  replay: string | null;
  record: string | null;
  maxCostUsd: number | null;
  maxTokens: number | null;
  maxWallTimeMs: number | null;
  maxAttempts: number | null;
  models: string[];
  feedback: string[] | null;
  samples: number | null;
  iterations: number | null;
  repetitions: number | null;
  temperature: number | null;
  runner: 'docker' | 'local' | 'queue' | null;
  /** `--stability N`; null = the grid's or verus-repair.toml's `[verifier] stability_seeds`. */
  stability: number | null;
}
