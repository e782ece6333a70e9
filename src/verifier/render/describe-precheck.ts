import { assertNever } from '../../core/assert-never.js';
import type { PrecheckResult } from '../../core/verifier-precheck.js';
import type { SkippedPrecheck } from '../candidate-verification.js';

/** One line for the pre-check outcome, e.g. `passed (cargo build, cargo test) in 1.4 s`. */
export function describePrecheck(precheck: PrecheckResult | SkippedPrecheck): string {
  switch (precheck.status) {
    case 'skipped':
      if (precheck.reason === 'original-fails') return `skipped (the original fails it: ${precheck.firstError ?? 'see the run header'})`;
      return `skipped (${precheck.reason === 'single-file' ? 'single file: no crate to build' : precheck.reason === 'cached' ? 'verdict from cache' : 'disabled'})`;
    case 'passed':
      return `passed (${precheck.steps.map((step) => `cargo ${step}`).join(', ')}) in ${seconds(precheck.wallTimeMs)}${precheck.warnings.length > 0 ? `, ${precheck.warnings.length} warning(s)` : ''}`;
    case 'build-failed':
      return `FAILED: cargo ${precheck.step} does not compile (${precheck.diagnostics.filter((item) => item.severity === 'error').length} error(s)); Verus was not run`;
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

export function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
