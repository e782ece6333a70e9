import { assertNever } from '../../core/assert-never.js';
import type { PrecheckResult, PrecheckStep } from '../../core/verifier-precheck.js';
import type { VerifierResult } from '../../core/verifier-result.js';

/**
 * The erased pre-check never blocks real work: when the original fails it but Verus gives the
 * original a verdict, whatever derives from the original (candidates, mutants, probes) skips the
 * steps the original failed. Many real files fail plain cargo for reasons that are not theirs
 * (project crates missing from a single file, `verifier::` paths and ghost-only layouts that exist
 * only under Verus, another vstd), yet Verus checks them.
 */
export interface PrecheckWaiver {
  /** The pre-check steps skipped: from the one the original failed on (`build` means both). */
  steps: PrecheckStep[];
  /** The original's first pre-check error, on one line. */
  firstError: string;
}

/**
 * "Verus runs on it" means the original's Verus check produced a verdict, verified or failed. A
 * crash, a toolchain error or a timeout is no verdict (a timeout may come before Verus reached the
 * crate), so then the pre-check failure stands and nothing is waived.
 */
export function verusGaveVerdict(result: VerifierResult | null): boolean {
  return result !== null && (result.status === 'verified' || result.status === 'failed');
}

/** The waiver for an original's pre-check and Verus result, or null when the pre-check passed or Verus gave no verdict. */
export function waivePrecheck(original: PrecheckResult, verification: VerifierResult | null): PrecheckWaiver | null {
  if (original.status === 'passed' || !verusGaveVerdict(verification)) return null;
  const failedStep: PrecheckStep = original.status === 'test-failed' ? 'test' : original.step;
  return { steps: failedStep === 'build' ? ['build', 'test'] : ['test'], firstError: describeFirstPrecheckError(original) };
}

const MAX_ERROR_CHARACTERS = 200;

/** The first error of a failed pre-check in one line, e.g. `src/lib.rs:1: E0463 can't find crate for \`verus_builtin_macros\``. */
export function describeFirstPrecheckError(result: Exclude<PrecheckResult, { status: 'passed' }>): string {
  return oneLine(describe(result));
}

function describe(result: Exclude<PrecheckResult, { status: 'passed' }>): string {
  switch (result.status) {
    case 'build-failed': {
      const error = result.diagnostics.find((diagnostic) => diagnostic.severity === 'error' && diagnostic.primary !== null) ?? result.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
      if (error === undefined) return `cargo ${result.step} failed`;
      const where = error.primary === null ? '' : `${error.primary.file}:${error.primary.line}: `;
      return `${where}${error.code === null ? '' : `${error.code} `}${error.message}`;
    }
    case 'test-failed':
      return result.failingTests[0] === undefined ? 'cargo test failed' : `test ${result.failingTests[0]} failed`;
    case 'crashed':
      return `cargo ${result.step} ${result.signal !== null ? `killed by ${result.signal}` : `exited ${String(result.exitCode)}`}`;
    case 'timeout':
      return `cargo ${result.step} ran longer than ${Math.round(result.timeoutMs / 1000)} s`;
    default:
      return assertNever(result, 'pre-check result');
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_ERROR_CHARACTERS ? `${line.slice(0, MAX_ERROR_CHARACTERS - 1)}…` : line;
}
