import { assertNever } from '../../core/assert-never.js';
import type { PrecheckResult } from '../../core/verifier-precheck.js';
import { describeCauses } from '../render/describe-precheck.js';

const MAX_ERROR_CHARACTERS = 200;

/**
 * The first error of a pre-check that did not pass, on one line, e.g.
 * `src/lib.rs:1: E0463 can't find crate for \`helpers\`; hint: the crate \`helpers\` is not a dependency ...`;
 * for `not-applicable`, its first erasure cause.
 */
export function describeFirstPrecheckError(result: Exclude<PrecheckResult, { status: 'passed' }>): string {
  const line = describe(result).replace(/\s+/g, ' ').trim();
  return line.length > MAX_ERROR_CHARACTERS ? `${line.slice(0, MAX_ERROR_CHARACTERS - 1)}…` : line;
}

function describe(result: Exclude<PrecheckResult, { status: 'passed' }>): string {
  switch (result.status) {
    case 'build-failed': {
      const error = result.diagnostics.find((diagnostic) => diagnostic.severity === 'error' && diagnostic.primary !== null) ?? result.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
      const hints = (result.hints ?? []).map((hint) => `; hint: ${hint}`).join('');
      if (error === undefined) return `cargo ${result.step} failed${hints}`;
      const where = error.primary === null ? '' : `${error.primary.file}:${error.primary.line}: `;
      return `${where}${error.code === null ? '' : `${error.code} `}${error.message}${hints}`;
    }
    case 'not-applicable':
      return describeCauses(result.causes);
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
