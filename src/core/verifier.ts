import type { VerifierResult } from './verifier-result.js';

/** What to verify: a whole crate, one function of a crate, or a single file. */
export type VerificationTarget =
  | { kind: 'crate'; crateDir: string }
  | { kind: 'function'; crateDir: string; module: string | null; function: string }
  | { kind: 'file'; filePath: string };

export interface VerificationOptions {
  /** SMT resource limit passed as `--rlimit`. */
  rlimit: number;
  expandErrors: boolean;
  noCheating: boolean;
  /** Wall-clock limit for the whole verifier process (tree). */
  timeoutMs: number;
  /** Extra arguments forwarded to Verus after the ones verus-repair always passes. */
  extraVerusArgs: string[];
}

/**
 * The port every verifier runner implements (Docker, local install). Implementations never throw
 * for verification failures or toolchain problems: those come back as VerifierResult values.
 */
export interface Verifier {
  readonly runner: 'docker' | 'local';
  verify(target: VerificationTarget, options: VerificationOptions, signal?: AbortSignal): Promise<VerifierResult>;
}
