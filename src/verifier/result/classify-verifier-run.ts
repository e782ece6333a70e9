import type { Diagnostic } from '../../core/diagnostic.js';
import type { CrashReason, ToolchainIdentity, VerifierResult } from '../../core/verifier-result.js';
import type { VerifierReport } from '../diagnostics/verifier-report.js';
import type { ProcessOutcome } from '../run/process-outcome.js';
import { detectToolchainProblem, explainMissingProgram, type ToolchainHints } from './detect-toolchain-problem.js';

const STDERR_TAIL_CHARACTERS = 4000;

/** Errors that say Verus itself broke: alone they mean "no verdict" (crashed), not "the proof failed". */
const NO_VERDICT_KINDS: ReadonlySet<string> = new Set(['verus-panic', 'verus-internal-error']);

/** Facts about the run that the outcome itself does not carry. */
export interface RunContext {
  command: string[];
  tool: 'cargo-verus' | 'verus' | 'docker';
  toolchain: Omit<ToolchainIdentity, 'verusVersion'>;
  hints: ToolchainHints;
  provenance: 'real' | 'synthetic';
}

/**
 * Maps a finished run and its parsed report onto the VerifierResult union. The verdict comes from
 * the `--output-json` `verification-results` block and the exit code together, never from the exit
 * code alone: `verified` needs a clean block AND exit 0; a run that printed no result at all is
 * `crashed`, never `verified`.
 */
export function classifyVerifierRun(outcome: Exclude<ProcessOutcome, { kind: 'aborted' }>, report: VerifierReport, context: RunContext): VerifierResult {
  const facts = {
    toolchain: { ...context.toolchain, verusVersion: report.verusVersion },
    command: context.command,
    wallTimeMs: outcome.wallTimeMs,
    provenance: context.provenance,
  };
  const stderrTail = outcome.stderr.text.slice(-STDERR_TAIL_CHARACTERS);
  if (outcome.kind === 'spawn-failed') {
    if (outcome.errorCode === 'ENOENT') return { ...facts, status: 'toolchain-error', ...explainMissingProgram(context.command[0] ?? '', context.tool) };
    return { ...facts, status: 'crashed', exitCode: null, signal: null, stderrTail: outcome.message, reason: 'spawn-failed' };
  }
  if (outcome.kind === 'timed-out') return { ...facts, status: 'timeout', timeoutMs: outcome.timeoutMs, diagnostics: report.diagnostics };

  const results = report.outputJson?.verificationResults ?? null;
  const clean = results !== null && !results.encounteredError && !results.encounteredVirError && results.success !== false && (results.errors ?? 0) === 0;
  if (clean && outcome.exitCode === 0) return { ...facts, status: 'verified', functions: report.functions, diagnostics: report.diagnostics };

  const problem = detectToolchainProblem(`${outcome.stderr.text}\n${outcome.stdout.text}`, context.hints);
  if (problem !== null) return { ...facts, status: 'toolchain-error', ...problem };

  const errors = report.diagnostics.filter((diagnostic) => isError(diagnostic) && !NO_VERDICT_KINDS.has(diagnostic.kind));
  if ((results !== null && !clean) || errors.length > 0) {
    return { ...facts, status: 'failed', functions: report.functions, diagnostics: report.diagnostics };
  }
  return { ...facts, status: 'crashed', exitCode: outcome.exitCode, signal: outcome.signal, stderrTail, reason: explainCrash(outcome, results !== null) };
}

function isError(diagnostic: Diagnostic): boolean {
  return diagnostic.severity === 'error';
}

function explainCrash(outcome: Extract<ProcessOutcome, { kind: 'exited' }>, hadResults: boolean): CrashReason {
  if (outcome.signal !== null) return 'killed-by-signal';
  if (hadResults) return 'contradictory-result';
  const printed = outcome.stdout.text.trim().length + outcome.stderr.text.trim().length;
  return outcome.exitCode === 0 && printed > 0 ? 'garbage-output' : 'exit-without-result';
}
