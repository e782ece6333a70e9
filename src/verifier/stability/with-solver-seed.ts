import type { VerificationOptions } from '../../core/verifier.js';
import { buildSolverSeedFlags } from '../jobs/build-verus-command.js';

/**
 * The options of one seed's run: the seed goes last among the Verus args, after the user's own
 * `extra_verus_args`, so it is the seed in force (rust_verify applies `--smt-option`s in order). Being
 * part of the args, it is part of every runner's job (local, Docker, queue) and of the cache key.
 */
export function withSolverSeed(options: VerificationOptions, seed: number): VerificationOptions {
  return { ...options, extraVerusArgs: [...options.extraVerusArgs, ...buildSolverSeedFlags(seed)] };
}
