import type { Diagnostic } from './diagnostic.js';

/** An erased cargo step run before the verifier: `build` always, `test` when the crate has tests. */
export type PrecheckStep = 'build' | 'test';

/**
 * The pre-check's step before the tests: `cargo build`; `cargo test --no-run` (`test-targets`: what
 * the tests run, compiled once, its errors read as the build's); or none (`none`: a crate that such a
 * build already compiled).
 */
export type PrecheckBuildStep = 'build' | 'test-targets' | 'none';

/**
 * A mechanical change the pre-check made to its private erased copy, never to the user's files
 * (src/verifier/precheck/apply-erasure-fixes.ts): something Verus's own rustc setup accepts and
 * plain rustc does not, with nothing of the crate's exec code changed.
 */
export interface ErasureFix {
  kind: 'allow-lint' | 'strip-verifier-attribute' | 'add-companion-crate' | 'drop-ghost-import';
  /** The file changed, relative to the crate (`src/lib.rs`, `Cargo.toml`). */
  file: string;
  /** The line of the source the fix is about (1-based), or null for a manifest entry. */
  line: number | null;
  /** One line, e.g. `src/lib.rs:1: removed #![verifier::loop_isolation(false)] (Verus registers the verifier tool; plain rustc does not)`. */
  description: string;
}

/**
 * An error of the erased build that erasure explains: the item exists only when ghost code is kept,
 * so Verus, which keeps it, does not see the error (src/verifier/precheck/erasure-rules.ts).
 */
export interface ErasureCause {
  /** The rule that attributed the error (one rule per cause). */
  rule: 'ghost-crate-import' | 'ghost-vstd-import' | 'ghost-vstd-prelude-name' | 'verus-only-crate-item';
  /** Where the error is, relative to the crate, and its 1-based line. */
  file: string;
  line: number;
  /** The item the erased build lacks, e.g. `vstd::math::abs`, `crate::defs::spec_len`. */
  item: string;
  /** One line: why the erased build lacks it. */
  description: string;
}

interface PrecheckRunFacts {
  /** The steps that ran, in order (the failing one last). */
  steps: PrecheckStep[];
  /** The argv of the last step that ran (program first). */
  command: string[];
  wallTimeMs: number;
  /** The fixes made to the erased copy before it was built (absent or empty: the crate was built as it is). */
  fixes?: ErasureFix[];
}

/**
 * The outcome of the erased pre-checks (plain `cargo build` / `cargo test`, ghost code erased by the
 * `verus!` macro). `passed` and `not-applicable` let Verus run; every other status means the candidate
 * never reaches Verus, whatever a verifier would say. Failures are values; switches over `status` must
 * end in an exhaustiveness check.
 * - `not-applicable`: the build failed, and every error is one erasure explains (`causes`); Verus runs.
 * - `build-failed`: at least one error Verus sees too (exec code), or one not attributable to erasure;
 *   `hints` say what to do when the cause is known (a crate missing from Cargo.toml).
 */
export type PrecheckResult =
  | (PrecheckRunFacts & { status: 'passed'; warnings: Diagnostic[] })
  | (PrecheckRunFacts & { status: 'not-applicable'; step: 'build'; causes: ErasureCause[]; diagnostics: Diagnostic[] })
  | (PrecheckRunFacts & { status: 'build-failed'; step: PrecheckStep; diagnostics: Diagnostic[]; hints?: string[] })
  | (PrecheckRunFacts & { status: 'test-failed'; failingTests: string[]; outputTail: string })
  | (PrecheckRunFacts & { status: 'crashed'; step: PrecheckStep; exitCode: number | null; signal: string | null; stderrTail: string })
  | (PrecheckRunFacts & { status: 'timeout'; step: PrecheckStep; timeoutMs: number });

export type PrecheckStatus = PrecheckResult['status'];

/** Whether a pre-check outcome lets Verus run: it passed, or erasure alone explains its failure. */
export function precheckLetsVerusRun(result: PrecheckResult): result is Extract<PrecheckResult, { status: 'passed' | 'not-applicable' }> {
  return result.status === 'passed' || result.status === 'not-applicable';
}

/**
 * The port for erased pre-checks. Implementations never throw for a failing build or test (those
 * are PrecheckResult values); they throw only when `signal` aborts or on a bug.
 */
export interface Prechecker {
  precheck(crateDir: string, signal?: AbortSignal): Promise<PrecheckResult>;
}
