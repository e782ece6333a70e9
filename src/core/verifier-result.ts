import type { Diagnostic } from './diagnostic.js';
import type { VerdictOrigin } from './verdict-origin.js';

/** Which toolchain produced a verdict. `verusVersion` comes from `--output-json`'s `verus` block. */
export interface ToolchainIdentity {
  verusVersion: string | null;
  /** sha256 of the canonical pin file (verus-toolchain/pin.toml), when known. */
  pinHash: string | null;
  /** The Docker image id/digest, for the Docker runner. */
  imageDigest: string | null;
}

/** Per-function outcome, from `times-ms.smt.smt-run-module-times[].function-breakdown[]`. */
export interface FunctionOutcome {
  function: string;
  module: string | null;
  mode: string | null;
  success: boolean;
  timeMs: number | null;
  rlimit: number | null;
}

interface VerifierRunFacts {
  toolchain: ToolchainIdentity;
  /** The exact argv that was executed (program first). */
  command: string[];
  wallTimeMs: number;
  /** Which runner, binary and reported version produced the verdict (a cache hit says `cache of` it); never "real". */
  origin: VerdictOrigin;
}

/**
 * Why a run produced no verdict: the process died (signal), exited without any verification result,
 * printed output with no readable result at all, reported success and failure at once, could not be
 * started for a reason other than a missing tool, exited 0 under cargo without the root crate's
 * results document (cargo considered the crate fresh and replayed no output), or Verus panicked or
 * reported an internal error (its results document, if any, is not a verdict).
 */
export type CrashReason =
  | 'killed-by-signal'
  | 'exit-without-result'
  | 'garbage-output'
  | 'contradictory-result'
  | 'spawn-failed'
  | 'no-results-document'
  | 'verus-panicked'
  /** An error with no verification error in the results document and no diagnostic of the code: a message verus-repair does not know, or `encountered-error` alone. */
  | 'unrecognised-error';

export type ToolchainProblem =
  | 'verus-not-found'
  | 'cargo-verus-not-found'
  | 'rust-toolchain-missing'
  | 'z3-version-mismatch'
  | 'docker-unreachable'
  | 'image-missing'
  | 'verus-incomplete'
  /** `error: could not execute z3 process` (V air/src/smt_process.rs:121-135, exit 128). */
  | 'z3-not-executable'
  /** `error: did not find a valid verusroot`: the launcher has no `verus-root` marker beside it (V verus/src/main.rs:97-110, exit 128). */
  | 'verus-root-missing';

/**
 * A verifier's verdict on the exact source that was checked. A failing proof is a normal value.
 * Switches over `status` must end in an exhaustiveness check.
 */
export type VerifierResult =
  | (VerifierRunFacts & { status: 'verified'; functions: FunctionOutcome[]; diagnostics: Diagnostic[] })
  | (VerifierRunFacts & { status: 'failed'; functions: FunctionOutcome[]; diagnostics: Diagnostic[] })
  | (VerifierRunFacts & { status: 'timeout'; timeoutMs: number; diagnostics: Diagnostic[] })
  | (VerifierRunFacts & { status: 'crashed'; exitCode: number | null; signal: string | null; stderrTail: string; reason?: CrashReason })
  | (VerifierRunFacts & { status: 'toolchain-error'; problem: ToolchainProblem; message: string });

export type VerifierStatus = VerifierResult['status'];
