/**
 * The largest counts verus-repair sends to (or multiplies the calls of) a paid model endpoint, from
 * the command line, verus-repair.toml, a bench grid or the library. A typo such as `--samples 100000`
 * would otherwise ask for n = 100000 in one request, and `--iterations 100000` keep a run going until
 * its budget. The bounds are far above what any study uses (samples 1-8, 6 iterations, 3 repetitions).
 */
export const REQUEST_BOUNDS = {
  /** Candidates per iteration: `n` in one request, or parallel requests (`--samples`, `[model] samples`, grid `samples`). */
  samples: 16,
  /** Model rounds of one run (`--iterations`, grid `iterations`, `--reprove-iterations`, `[review] reprove_iterations`). */
  iterations: 100,
  /** Repeats of every attempt of a bench (`--repetitions`, grid `repetitions`). */
  repetitions: 100,
  /** `max_completion_tokens`/`max_tokens` of one request (`[model] max_output_tokens`); today's largest outputs are 128k. */
  outputTokens: 131_072,
  /** Tokens of tactic cards in one guided feedback message (`--tactic-budget`). */
  tacticTokens: 32_000,
} as const;
