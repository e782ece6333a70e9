import type { MutationOperator } from '../mutation-operator.js';

/** The `[review]` section of verus-repair.toml, normalized. */
export interface ReviewConfig {
  operators: MutationOperator[];
  /** Sample down to this many mutants (seeded); null = all. */
  maxMutants: number | null;
  seed: number;
  jobs: number;
  vacuity: boolean;
  /** Run the spec-check harness on the original (output perturbation) and on mutants before Verus; costs cargo builds of the harness. */
  specTests: boolean;
  /** `--reprove`: repair iterations and tokens (null = no token limit) per mutant killed by Verus. */
  reproveIterations: number;
  reproveMaxTokens: number | null;
}
