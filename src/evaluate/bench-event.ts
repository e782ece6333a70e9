/** What a bench reports as it goes: a progress line on a TTY, NDJSON with --json. Switches end in assertNever. */
export type BenchEvent =
  | { type: 'bench-started'; tasks: number; settings: number; attempts: number; alreadyDone: number; skippedAttemptLines: number[] }
  | { type: 'task-invalid'; taskId: string; reason: string; detail: string }
  | { type: 'attempt-finished'; key: string; outcome: string; iterationsToSuccess: number | null; done: number; total: number; tokens: number; costUsd: number | null; correctSoFar: Record<string, string>; etaMs: number | null }
  | { type: 'bench-stopped'; reason: string; done: number; total: number }
  | { type: 'bench-finished'; outDir: string; files: string[]; stopped: string | null };

export type BenchEventSink = (event: BenchEvent) => void;
