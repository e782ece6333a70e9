import { assertNever } from '../core/assert-never.js';
import type { MutantVerdict } from './mutant-verdict.js';
import type { VariantOutcome } from '../repair/candidates/verify-variant.js';

/** Maps a mutant's pre-check and verifier outcome to its verdict; only a real failure counts as killed. */
export function classifyMutantOutcome(outcome: VariantOutcome): MutantVerdict {
  const precheck = outcome.precheck;
  switch (precheck.status) {
    case 'passed':
    case 'not-applicable':
      break;
    case 'build-failed':
      if (precheck.step === 'build') return { status: 'stillborn', settledBy: 'build', detail: precheck.diagnostics[0]?.message ?? 'cargo build failed' };
      return { status: 'stillborn', settledBy: 'build', detail: precheck.diagnostics[0]?.message ?? 'the tests do not compile' };
    case 'test-failed':
      return { status: 'killed-by-tests', settledBy: 'test', failingTests: precheck.failingTests };
    case 'timeout':
      return { status: 'timed-out', settledBy: precheck.step };
    case 'crashed':
      return { status: 'unsettled', settledBy: null, reason: `cargo ${precheck.step} crashed: ${precheck.stderrTail.split('\n').filter(Boolean).at(-1) ?? 'no output'}` };
    default:
      return assertNever(precheck, 'pre-check result');
  }
  const result = outcome.verification;
  if (result === null) return { status: 'unsettled', settledBy: null, reason: 'the verifier produced no result' };
  switch (result.status) {
    case 'verified':
      return { status: 'survived', settledBy: 'verus', origin: result.origin };
    case 'failed':
      return { status: 'killed-by-verus', settledBy: 'verus', errors: result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => diagnostic.message), origin: result.origin };
    case 'timeout':
      return { status: 'timed-out', settledBy: 'verus' };
    case 'crashed':
      return { status: 'unsettled', settledBy: null, reason: `the verifier crashed (${result.reason ?? 'no verdict'})` };
    case 'toolchain-error':
      return { status: 'unsettled', settledBy: null, reason: `toolchain problem: ${result.problem}` };
    default:
      return assertNever(result, 'verifier result');
  }
}
