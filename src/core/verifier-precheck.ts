import type { Diagnostic } from './diagnostic.js';

/** An erased cargo step run before the verifier: `build` always, `test` when the crate has tests. */
export type PrecheckStep = 'build' | 'test';

interface PrecheckRunFacts {
  /** The steps that ran, in order (the failing one last). */
  steps: PrecheckStep[];
  /** The argv of the last step that ran (program first). */
  command: string[];
  wallTimeMs: number;
}

/**
 * The outcome of the erased pre-checks (plain `cargo build` / `cargo test`, ghost code erased by the
 * `verus!` macro). A candidate whose pre-check did not pass never reaches Verus. Failures are values;
 * switches over `status` must end in an exhaustiveness check.
 */
export type PrecheckResult =
  | (PrecheckRunFacts & { status: 'passed'; warnings: Diagnostic[] })
  | (PrecheckRunFacts & { status: 'build-failed'; step: PrecheckStep; diagnostics: Diagnostic[] })
  | (PrecheckRunFacts & { status: 'test-failed'; failingTests: string[]; outputTail: string })
  | (PrecheckRunFacts & { status: 'crashed'; step: PrecheckStep; exitCode: number | null; signal: string | null; stderrTail: string })
  | (PrecheckRunFacts & { status: 'timeout'; step: PrecheckStep; timeoutMs: number });

export type PrecheckStatus = PrecheckResult['status'];

/**
 * The port for erased pre-checks. Implementations never throw for a failing build or test (those
 * are PrecheckResult values); they throw only when `signal` aborts or on a bug.
 */
export interface Prechecker {
  precheck(crateDir: string, signal?: AbortSignal): Promise<PrecheckResult>;
}
