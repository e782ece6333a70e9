import type { Diagnostic } from '../../core/diagnostic.js';
import type { VerdictOrigin } from '../../core/verdict-origin.js';
import type { CrashReason, ToolchainIdentity, VerifierResult } from '../../core/verifier-result.js';
import type { VerifierReport } from '../../diagnostics/verifier-report.js';
import type { ProcessOutcome } from '../run/process-outcome.js';
import { detectToolchainProblem, explainMissingProgram, type ToolchainHints } from './detect-toolchain-problem.js';

const STDERR_TAIL_CHARACTERS = 4000;

/** Diagnostics that say Verus itself broke: whatever else the run printed, there is no verdict (crashed). */
const NO_VERDICT_KINDS: ReadonlySet<string> = new Set(['verus-panic', 'verus-internal-error']);

/**
 * Rust's default panic message, which Verus prints on stderr (it installs no panic hook of its own);
 * rust_verify catches most panics and still prints its results document with `encountered-error:
 * true`, exit 1 (V rust_verify/src/driver.rs:29-32, main.rs:519-561), or cargo's 101 around it.
 */
const PANIC_LINE = /^thread '[^'\n]*' (?:\(\d+\) )?panicked at /m;

/** Facts about the run that the outcome itself does not carry. */
export interface RunContext {
  command: string[];
  tool: 'cargo-verus' | 'verus' | 'docker';
  toolchain: Omit<ToolchainIdentity, 'verusVersion'>;
  hints: ToolchainHints;
  /**
   * The command ran `cargo verus` (also inside Docker): exit 0 without a document then means cargo
   * considered the crate fresh. Defaults to `tool === 'cargo-verus'`; the Docker runner says it.
   */
  viaCargo?: boolean;
  /** Who ran: the runner and the program it executed, with the version the report states (the runner builds it from the report). */
  origin: VerdictOrigin;
}

/**
 * Maps a finished run and its parsed report onto the VerifierResult union. The verdict comes from
 * the `--output-json` `verification-results` block and the exit code together, never from the exit
 * code alone: `verified` needs a clean block AND exit 0; `failed` needs verification errors the
 * block counts (V rust_verify/src/main.rs:526-541, `errors` is count_errors) or a diagnostic of the
 * code; a run that printed no result at all, or an error it does not place, is `crashed`, never
 * `verified` nor `failed`.
 */
export function classifyVerifierRun(outcome: Exclude<ProcessOutcome, { kind: 'aborted' }>, report: VerifierReport, context: RunContext): VerifierResult {
  const facts = {
    toolchain: { ...context.toolchain, verusVersion: report.verusVersion },
    command: context.command,
    wallTimeMs: outcome.wallTimeMs,
    origin: context.origin,
  };
  const stderrTail = outcome.stderr.text.slice(-STDERR_TAIL_CHARACTERS);
  if (outcome.kind === 'spawn-failed') {
    if (outcome.errorCode === 'ENOENT') return { ...facts, status: 'toolchain-error', ...explainMissingProgram(context.command[0] ?? '', context.tool) };
    return { ...facts, status: 'crashed', exitCode: null, signal: null, stderrTail: outcome.message, reason: 'spawn-failed' };
  }
  if (outcome.kind === 'timed-out') return { ...facts, status: 'timeout', timeoutMs: outcome.timeoutMs, diagnostics: report.diagnostics };

  const crashed = (reason: CrashReason): VerifierResult => ({ ...facts, status: 'crashed', exitCode: outcome.exitCode, signal: outcome.signal, stderrTail, reason });
  const problem = detectToolchainProblem(`${outcome.stderr.text}\n${outcome.stdout.text}`, context.hints);
  // A panic comes with a results document, so it is judged first; a Z3 version mismatch ends in a panic but is the toolchain's.
  if (hasPanicked(outcome, report)) return problem !== null ? { ...facts, status: 'toolchain-error', ...problem } : crashed('verus-panicked');

  const results = report.outputJson?.verificationResults ?? null;
  const clean = results !== null && !results.encounteredError && !results.encounteredVirError && results.success !== false && (results.errors ?? 0) === 0;
  if (clean && outcome.exitCode === 0) return { ...facts, status: 'verified', functions: report.functions, diagnostics: report.diagnostics };
  if (problem !== null) return { ...facts, status: 'toolchain-error', ...problem };

  if ((results?.errors ?? 0) > 0 || report.diagnostics.some(isDiagnosticOfTheCode)) {
    return { ...facts, status: 'failed', functions: report.functions, diagnostics: report.diagnostics };
  }
  // An error without a verification error counted or a diagnostic of the code is no verdict on the proof: never cached.
  if ((results !== null && !clean) || report.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return crashed('unrecognised-error');
  return crashed(explainCrash(outcome, results !== null, context.viaCargo ?? context.tool === 'cargo-verus'));
}

/**
 * An error rustc or Verus reported about the crate: one a rule classifies, or one printed at a place
 * in the code. An unknown message with no place (`error: ...` from a launcher, cargo-verus or a
 * later Verus) says something broke, not that the proof fails.
 */
function isDiagnosticOfTheCode(diagnostic: Diagnostic): boolean {
  return diagnostic.severity === 'error' && (diagnostic.kind !== 'unknown' || diagnostic.primary !== null);
}

function hasPanicked(outcome: Extract<ProcessOutcome, { kind: 'exited' }>, report: VerifierReport): boolean {
  return PANIC_LINE.test(outcome.stderr.text) || report.diagnostics.some((diagnostic) => diagnostic.severity === 'error' && NO_VERDICT_KINDS.has(diagnostic.kind));
}

function explainCrash(outcome: Extract<ProcessOutcome, { kind: 'exited' }>, hadResults: boolean, viaCargo: boolean): CrashReason {
  if (outcome.signal !== null) return 'killed-by-signal';
  if (hadResults) return 'contradictory-result';
  // Cargo prints its own JSON lines and `Finished` for a fresh crate, but replays no document (C core/compiler/mod.rs:213-237).
  if (viaCargo && outcome.exitCode === 0) return 'no-results-document';
  const printed = outcome.stdout.text.trim().length + outcome.stderr.text.trim().length;
  return outcome.exitCode === 0 && printed > 0 ? 'garbage-output' : 'exit-without-result';
}
