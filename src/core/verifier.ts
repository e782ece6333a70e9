import type { VerifierResult } from './verifier-result.js';

/** A function chosen for partial verification: its module path inside the crate (null = the crate root) and its name. */
export interface FunctionSelector {
  /** Module path without the crate name, e.g. `seq_lemmas::sorted`; null for the crate root module. */
  module: string | null;
  /** Function name or a Verus `--verify-function` pattern (`*foo`, `foo*`). */
  function: string;
}

/**
 * What to verify: a whole crate (`cargo verus verify`), one module of a crate or one function in
 * one module (`cargo verus focus` with `--verify-only-module M`/`--verify-root`, plus
 * `--verify-function F`), or a single file (optionally one function in it).
 */
export type VerificationTarget =
  | { kind: 'crate'; crateDir: string }
  | { kind: 'module'; crateDir: string; module: string | null }
  | { kind: 'function'; crateDir: string; module: string | null; function: string }
  | { kind: 'file'; filePath: string; only?: FunctionSelector };

/**
 * How much of the crate a candidate's check verifies. `focused`: only the functions the candidate
 * changed (one `cargo verus focus` per module holding them), then one whole-crate confirmation before
 * anything counts as verified; candidates that change module-level proof context fall back to the
 * crate. `crate`: every check verifies the whole crate.
 */
export type VerificationScopePolicy = 'focused' | 'crate';

export interface VerificationOptions {
  /** SMT resource limit passed as `--rlimit`. */
  rlimit: number;
  expandErrors: boolean;
  noCheating: boolean;
  /** Wall-clock limit for the whole verifier process (tree). */
  timeoutMs: number;
  /** Extra arguments forwarded to Verus after the ones verus-repair always passes. */
  extraVerusArgs: string[];
  /**
   * The candidate-checking scope (`[verifier] scope`, `repair --scope`); absent means `focused`.
   * It decides which targets a candidate's check runs, never what one target's run does.
   */
  scope?: VerificationScopePolicy;
  /**
   * True under `--no-cache` and `audit --reverify`: no stored verdict of any kind may answer this
   * check (a runner with a shared result store, such as the queue, runs the verifier again). Not
   * part of the cache key: it decides where a verdict may come from, not what it is.
   */
  fresh?: boolean;
}

/**
 * The port every verifier runner implements (Docker, local install). Implementations never throw
 * for verification failures or toolchain problems: those come back as VerifierResult values. They
 * throw only when `signal` aborts (the signal's reason) or on a bug.
 */
export interface Verifier {
  readonly runner: 'docker' | 'local' | 'queue';
  verify(target: VerificationTarget, options: VerificationOptions, signal?: AbortSignal): Promise<VerifierResult>;
  /**
   * A stable text naming the exact toolchain `verify` would run (pin hash and image tag, or the local
   * binaries' paths, sizes and modification times). The result cache keys on it, so it must change
   * whenever the verdict could. Verifiers without it are never cached.
   */
  describeToolchain?(target: VerificationTarget): Promise<string>;
}
