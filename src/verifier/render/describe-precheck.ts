import { assertNever } from '../../core/assert-never.js';
import type { ErasureCause, PrecheckResult } from '../../core/verifier-precheck.js';
import type { SkippedPrecheck } from '../candidate-verification.js';

/**
 * One line for the pre-check outcome, e.g. `passed (cargo build, cargo test) in 1.4 s`,
 * `passed after fixes to the erased copy (cargo build) in 1.1 s: src/lib.rs:1: removed ...`,
 * `not applicable (src/lib.rs:8: vstd::math::abs is a spec fn ...); Verus runs`.
 */
export function describePrecheck(precheck: PrecheckResult | SkippedPrecheck): string {
  switch (precheck.status) {
    case 'skipped':
      if (precheck.reason === 'original-fails') return `skipped (the original fails it: ${precheck.firstError ?? 'see the run header'})`;
      return `skipped (${precheck.reason === 'single-file' ? 'single file: no crate to build' : precheck.reason === 'cached' ? 'verdict from cache' : 'disabled'})`;
    case 'passed': {
      const fixes = precheck.fixes ?? [];
      const steps = `(${precheck.steps.map((step) => `cargo ${step}`).join(', ')}) in ${seconds(precheck.wallTimeMs)}${precheck.warnings.length > 0 ? `, ${precheck.warnings.length} warning(s)` : ''}`;
      return fixes.length === 0 ? `passed ${steps}` : `passed after fixes to the erased copy ${steps}: ${fixes.map((fix) => fix.description).join('; ')}`;
    }
    case 'not-applicable':
      return `not applicable (${describeCauses(precheck.causes)}); Verus runs`;
    case 'build-failed':
      return `FAILED: cargo ${precheck.step} does not compile (${precheck.diagnostics.filter((item) => item.severity === 'error').length} error(s))${(precheck.hints ?? []).map((hint) => `; hint: ${hint}`).join('')}; Verus was not run`;
    case 'test-failed':
      return `FAILED: cargo test: ${precheck.failingTests.length > 0 ? precheck.failingTests.join(', ') : 'the test run failed'}; Verus was not run`;
    case 'crashed':
      return `crashed: cargo ${precheck.step} ${precheck.signal !== null ? `killed by ${precheck.signal}` : `exited ${String(precheck.exitCode)}`}: ${lastLine(precheck.stderrTail)}`;
    case 'timeout':
      return `timed out: cargo ${precheck.step} ran longer than ${seconds(precheck.timeoutMs)}`;
    default:
      return assertNever(precheck, 'pre-check result');
  }
}

/** The lines under the pre-check line: each fix made to the erased copy, each erasure cause (one line each). */
export function describePrecheckDetails(precheck: PrecheckResult | SkippedPrecheck): string[] {
  if (precheck.status === 'skipped') return [];
  const fixes = (precheck.fixes ?? []).map((fix) => `  fixed in the erased copy: ${fix.description}`);
  return precheck.status === 'not-applicable' ? [...fixes, ...precheck.causes.map((cause) => `  erased only: ${describeCause(cause)}`)] : fixes;
}

/** `src/lib.rs:8: vstd::math::abs is a spec fn, which the erased verus! macro drops (vstd/math.rs:44)`. */
export function describeCause(cause: ErasureCause): string {
  return `${cause.file}:${cause.line}: ${cause.description}`;
}

/** The first cause, and how many more: the one-line form. */
export function describeCauses(causes: readonly ErasureCause[]): string {
  const [first] = causes;
  if (first === undefined) return 'erasure';
  return causes.length === 1 ? describeCause(first) : `${describeCause(first)}; ${causes.length - 1} more`;
}

export function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
