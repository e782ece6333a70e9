import { assertNever } from '../../core/assert-never.js';
import { describeVerdictOrigin } from '../../core/verdict-origin.js';
import type { FunctionOutcome, VerifierResult } from '../../core/verifier-result.js';
import type { CandidateVerification } from '../candidate-verification.js';
import { sumRlimitUse } from '../result/sum-rlimit-use.js';
import { describeCrashReason } from './describe-crash-reason.js';
import { describePrecheck, describePrecheckDetails, seconds } from './describe-precheck.js';
import { renderDiagnosticGroups, type SourceLineReader } from './render-diagnostic-groups.js';

/** The text `verus-repair verify` prints: pre-check, cache, who produced the verdict, the verdict, per-function results, grouped errors. */
export function renderCandidateVerification(target: string, outcome: CandidateVerification, readSourceLine: SourceLineReader, header: string[] = []): string {
  const lines = [`verus-repair verify ${target}`, ...header, `pre-check: ${describePrecheck(outcome.precheck)}`, ...describePrecheckDetails(outcome.precheck), `cache: ${describeCache(outcome)}`];
  if (outcome.precheck.status === 'build-failed') {
    lines.push('errors:', ...renderDiagnosticGroups(outcome.precheck.diagnostics, readSourceLine));
  }
  if (outcome.precheck.status === 'test-failed' && outcome.precheck.outputTail !== '') {
    lines.push('test output (tail):', ...outcome.precheck.outputTail.split('\n').slice(-20).map((line) => `  ${line}`));
  }
  if (outcome.verification !== null) lines.push(`verifier: ${describeVerdictOrigin(outcome.verification.origin)}`, ...renderVerdict(outcome.verification, readSourceLine));
  return `${lines.join('\n')}\n`;
}

function describeCache(outcome: CandidateVerification): string {
  const key = outcome.cache.key === null ? '' : ` (key ${outcome.cache.key.slice(0, 12)})`;
  const note = outcome.cache.note === null ? '' : `; ${outcome.cache.note}`;
  return `${outcome.cache.status}${key}${note}`;
}

function renderVerdict(result: VerifierResult, readSourceLine: SourceLineReader): string[] {
  const version = result.toolchain.verusVersion === null ? '' : `Verus ${result.toolchain.verusVersion}, `;
  const facts = `(${version}${result.origin.kind === 'cache' ? 'cached' : seconds(result.wallTimeMs)})`;
  switch (result.status) {
    case 'verified':
    case 'failed': {
      const lines = [`result: ${result.status === 'verified' ? 'VERIFIED' : 'FAILED'} ${facts}`];
      if (result.functions.length > 0) {
        const used = sumRlimitUse(result.functions);
        const total = used === null ? '' : ` (rlimit used: ${used})`;
        lines.push(`functions${total}:`, ...result.functions.map((item) => `  ${item.success ? 'verified' : 'FAILED  '} ${item.function}${describeCost(item)}`));
      }
      const errors = renderDiagnosticGroups(result.diagnostics, readSourceLine);
      if (errors.length > 0) lines.push('errors:', ...errors);
      return lines;
    }
    case 'timeout':
      return [`result: TIMEOUT after ${seconds(result.timeoutMs)}; the process tree was killed ${facts}`];
    case 'crashed':
      return [
        `result: CRASHED (${result.signal !== null ? `signal ${result.signal}` : `exit ${String(result.exitCode)}`}${result.reason === undefined ? '' : `, ${result.reason}`}): no verdict ${facts}`,
        ...result.stderrTail.trim().split('\n').slice(-12).map((line) => `  ${line}`),
        ...describeCrashReason(result.reason),
      ];
    case 'toolchain-error':
      return [`result: TOOLCHAIN ERROR (${result.problem}): ${result.message}`];
    default:
      return assertNever(result, 'verifier result');
  }
}

/** ` (170 ms, rlimit 460000)`: the SMT time and Z3 rlimit count Verus reported for the function (none for cvc5). */
function describeCost(outcome: FunctionOutcome): string {
  const parts = [...(outcome.timeMs === null ? [] : [`${Math.round(outcome.timeMs)} ms`]), ...(outcome.rlimit === null ? [] : [`rlimit ${outcome.rlimit}`])];
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}
