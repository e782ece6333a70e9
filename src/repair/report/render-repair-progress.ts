import { assertNever } from '../../core/assert-never.js';
import { describeModelOrigin } from '../../core/model-origin.js';
import { describeVerdictOrigin } from '../../core/verdict-origin.js';
import { sanitizeUntrustedText } from '../../core/sanitize-untrusted-text.js';
import type { RepairEvent, RepairEventSink } from '../repair-event.js';
import { renderPinInForce } from '../../verifier/toolchain/read-pin-in-force.js';
import { describeTacticRecord } from '../../agents/feedback/describe-tactic-record.js';

/**
 * Renders repair events for people: one line per finished step, and on a TTY a live status line
 * (iteration, each candidate's stage with elapsed time, budget used) rewritten in place.
 */
export function createProgressRenderer(stream: NodeJS.WriteStream): { sink: RepairEventSink; stop: () => void } {
  const live = stream.isTTY === true;
  let status = '';
  let stageStarted = 0;
  let budget = '';
  const clear = (): void => {
    if (live && status !== '') stream.write('\r\x1b[2K');
  };
  const waiting = { active: false, nextNotice: WAIT_NOTICE_FIRST_MS, frame: 0 };
  let iteration = 0;
  const draw = (): void => {
    const spinner = waiting.active ? `${SPINNER[(waiting.frame += 1) % SPINNER.length]} ` : '';
    if (live && status !== '') stream.write(`\r\x1b[2K${status} ${spinner}${((Date.now() - stageStarted) / 1000).toFixed(1)}s${budget}`);
  };
  const print = (line: string): void => {
    clear();
    // Lines quote model text and verifier output: only this renderer may write escapes.
    stream.write(`${sanitizeUntrustedText(line)}\n`);
    draw();
  };
  const timer = live ? setInterval(draw, 250) : null;
  timer?.unref();
  const sink = (event: RepairEvent): void => {
    switch (event.type) {
      case 'run-started':
        print(`verus-repair run ${event.runId}: ${event.crate} (${event.file}), model ${event.model} (${describeModelOrigin(event.modelOrigin)}), feedback ${event.feedbackLevel}, ${event.samples} sample(s) x ${event.iterations} iteration(s)${event.resumedFrom > 0 ? `, resuming after iteration ${event.resumedFrom}` : ''}`);
        if (event.toolchainPin !== undefined && event.toolchainPin !== null) print(`  ${renderPinInForce(event.toolchainPin)}`);
        if (event.untrackedLeftOut.length > 0) print(`  left out of the run's snapshot (untracked, not read by verification): ${event.untrackedLeftOut.join(', ')}`);
        break;
      case 'baseline':
        print(`baseline: ${event.result}${formatErrors(event.errors)}; repairing ${event.failingFunctions.join(', ') || 'the file'}`);
        if (event.verifierOrigin !== null) print(`  verifier: ${describeVerdictOrigin(event.verifierOrigin)}`);
        if (event.precheck != null) print(`  erased pre-check of the original: ${event.precheck}`);
        break;
      case 'spec-check':
        print(describeSpecCheckEvent(event));
        break;
      case 'invariant-falsified':
        print(`  sample ${event.sample}${event.origin === 'houdini' ? ' (pruned)' : ''}: invariant falsified before Verus (no Verus call): ${event.falsified.join('; ')}`);
        break;
      case 'iteration-started':
        iteration = event.iteration;
        print(`iteration ${event.iteration}: asking the editor`);
        break;
      case 'model-waiting':
        if (!waiting.active) {
          Object.assign(waiting, { active: true, nextNotice: WAIT_NOTICE_FIRST_MS });
          status = `  ${iteration > 0 ? `iteration ${iteration}: ` : ''}waiting for the model`;
        }
        stageStarted = Date.now() - event.elapsedMs;
        // Without a live line, say now and then (15 s, 30 s, 60 s, ...) that the run is not stuck.
        if (!live && event.elapsedMs >= waiting.nextNotice) {
          print(`  still waiting for the model (${Math.round(event.elapsedMs / 1000)}s)`);
          while (waiting.nextNotice <= event.elapsedMs) waiting.nextNotice *= 2;
        }
        draw();
        break;
      case 'model-finished':
        // Nothing else runs while the model is asked: the next step sets its own status.
        if (waiting.active) {
          clear();
          status = '';
          waiting.active = false;
        }
        break;
      case 'model-adapted':
        // Said once per parameter, under the run header: the run goes on with the changed request.
        print(`  model adapted: ${event.parameter}: ${event.change} (${event.reason})`);
        break;
      case 'candidate-stage':
        status = event.iteration === 0
          ? `  baseline: ${event.stage}`
          : `  iteration ${event.iteration} sample ${event.sample}${event.origin === 'houdini' ? ' (pruned)' : ''}: ${event.stage}`;
        stageStarted = Date.now();
        // Without a live line, say at least what the (possibly long, cold-cache) baseline is doing.
        if (!live && event.iteration === 0 && event.stage !== 'guard') print(`${status}${event.stage === 'precheck' ? ' (erased cargo build and test; the first build compiles vstd)' : ''}`);
        draw();
        break;
      case 'candidate-skipped':
        print(`  sample ${event.sample}: ${event.reason} (${event.detail})`);
        break;
      case 'candidate-checked': {
        status = '';
        const violations = event.violations.map((violation) => `${violation.rule} at line ${violation.line}`).join(', ');
        print(`  sample ${event.sample}${event.origin === 'houdini' ? ' (pruned)' : ''}: ${event.result}${event.stability === undefined ? '' : ` (${event.stability})`}${formatErrors(event.errors)}${violations === '' ? '' : ` [${violations}]`} in ${(event.wallTimeMs / 1000).toFixed(1)}s, commit ${event.commit.slice(0, 10)}`);
        break;
      }
      case 'instructor-advice':
        print(`  instructor (guidance, not evidence): ${event.advice}`);
        break;
      case 'feedback':
        print(`  feedback (${event.level}): ${describeFeedback(event.text)}`);
        if (event.tactics) print(`  ${describeTacticRecord(event.tactics)}`);
        break;
      case 'budget':
        budget = ` | ${event.calls} calls, ${event.tokens} tokens${event.cachedTokens > 0 ? ` (${event.cachedTokens} cached)` : ''}${event.costUsd === null ? '' : `, $${event.costUsd.toFixed(4)}`}, ${(event.elapsedMs / 1000).toFixed(0)}s`;
        break;
      case 'run-discarded':
        status = '';
        print(`run ${event.runId} removed (branch and worktree): ${event.reason}`);
        break;
      case 'run-finished':
        status = '';
        print(`${event.outcome === 'verified' ? 'VERIFIED' : 'NOT VERIFIED'}${event.stability == null ? '' : ` (${event.stability})`}: ${event.stopReason}\nverifier: ${event.verifierOrigins.map(describeVerdictOrigin).join('; ') || 'no verdict was reached'}\nmodel: ${describeModelOrigin(event.modelOrigin)}\nledger: ${event.ledgerBranch}\nreport: ${event.reportFiles.join(', ')}`);
        break;
      default:
        assertNever(event, 'repair event');
    }
  };
  return { sink, stop: () => (timer === null ? undefined : clearInterval(timer)) };
}

const SPINNER = ['-', '\\', '|', '/'];

/** `spec check: 5 of 6 clauses executable; counterexample: ...` under the baseline line. */
function describeSpecCheckEvent(event: Extract<RepairEvent, { type: 'spec-check' }>): string {
  if (event.skipped !== null) return `  spec check: skipped (${event.skipped})`;
  const counts = `${event.executableClauses} of ${event.clauses} clauses of the targets executable`;
  const found = event.counterexamples.length === 0 ? 'no counterexample (which proves nothing)' : `counterexample: ${event.counterexamples.join('; ')}`;
  return `  spec check (the erased code was run): ${counts}; ${found}`;
}
const WAIT_NOTICE_FIRST_MS = 15_000;

function formatErrors(errors: Record<string, number>): string {
  const entries = Object.entries(errors);
  return entries.length === 0 ? '' : ` (${entries.map(([kind, count]) => `${count} ${kind}`).join(', ')})`;
}

function describeFeedback(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines.length <= 1 ? (lines[0] ?? '') : `${lines[0]} (+${lines.length - 1} more line${lines.length === 2 ? '' : 's'})`;
}
