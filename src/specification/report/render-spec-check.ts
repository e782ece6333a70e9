import { assertNever } from '../../core/assert-never.js';
import { describeCounterexample, describeWeakWitness } from './describe-counterexample.js';
import type { Sandbox } from '../../verifier/sandbox/sandbox.js';
import { UNPLANNED_CLAUSE_REASON } from '../plan/with-unplanned-clauses.js';
import type { ClauseStatus, FunctionSpecCheck, InterruptedInputs, SpecCheckReport } from './spec-check-report.js';

/** The text report of `verus-repair check-spec`: what ran, then per function its clauses, counts and counterexamples. */
export function renderSpecCheck(report: SpecCheckReport): string {
  const { run } = report;
  const lines = [
    `check-spec ${run.crateDir}: ${report.functions.length} function(s)${run.selection === 'crate' ? ' (every exec function with an ensures)' : ''}, up to ${run.budget} inputs each (seed ${run.seed}, ${run.callTimeoutMs} ms per call, ${run.memoryMb} MiB of memory per harness process)`,
    `  sandbox: ${describeSandbox(run.sandbox)}`,
    run.builds === 0
      ? `  nothing was built: ${report.functions.some((result) => result.status !== 'not-executable') ? 'the harness crate could not be written or did not build' : 'no function is executable'}`
      : run.harnessCache === 'reused'
        ? `  ran: the harness built before from the same sources and toolchain (${run.command.join(' ')}, ${run.builds} build(s)), reused, then ${run.runCommand.join(' ')} (${seconds(run.runMs)})${run.scratchKept ? `; kept at ${run.scratchCrate}` : ''}`
        : `  ran: ${run.command.join(' ')} on a scratch copy with the harness ${run.harnessFile} (${run.builds} build(s), ${seconds(run.buildMs)}), then ${run.runCommand.join(' ')} (${seconds(run.runMs)})${run.scratchKept ? `; kept at ${run.scratchCrate}` : ''}`,
  ];
  for (const fix of run.harnessFixes ?? []) lines.push(`  harness copy: ${fix}`);
  for (const result of report.functions) lines.push('', ...renderFunction(result));
  lines.push('', `checked: ${report.clausesChecked} ensures clause(s) on ${report.inputsChecked} input(s); ${report.counterexamples} counterexample(s), ${report.timeouts} input(s) timed out, ${report.memoryExceeded} over the memory cap, ${report.untried} not tried`);
  if (report.nothingChecked !== null) lines.push(`nothing was checked: ${report.nothingChecked}`);
  lines.push('', 'A counterexample comes from running the erased exec code: for this code and this spec no proof exists. No counterexample proves nothing: only Verus proves.');
  return `${lines.join('\n')}\n`;
}

function renderFunction(result: FunctionSpecCheck): string[] {
  const executable = result.clauses.filter((clause) => clause.status === 'executable').length;
  const header = `${result.function} (${result.file}:${result.line}): ${executable} of ${result.clauses.length} clause(s) executable`;
  const refused = result.clauses.filter((clause) => clause.status === 'not-executable');
  // A function refused as a whole: its clauses share its reason, said once below.
  const lines = result.status === 'not-executable' && refused.every((clause) => clause.reason.startsWith(UNPLANNED_CLAUSE_REASON))
    ? [header, ...(refused.length === 0 ? [] : [`  not checked: ${refused.map((clause) => `${clause.kind}[${clause.index}] ${clause.text} (line ${clause.line})`).join(', ')}`])]
    : [header, ...refused.map(renderClause)];
  switch (result.status) {
    case 'checked': {
      const { counts } = result;
      const interrupted = result.interrupted === undefined ? '' : describeInterrupted(result.interrupted);
      lines.push(`  ${counts.tried} inputs tried (${counts.exhaustive} bounded-exhaustive, the rest seeded random), ${counts.satisfyingRequires} satisfying the requires${interrupted}`);
      if (result.counterexamples.length === 0) lines.push('  no counterexample found');
      for (const counterexample of result.counterexamples) lines.push(`  counterexample: ${describeCounterexample(result.function, counterexample)}`);
      if (result.weakWitness != null) lines.push(`  weak-postcondition witness: ${describeWeakWitness(result.function, result.weakWitness)}; a spec meant to allow several answers shows this too`);
      break;
    }
    case 'timed-out':
      lines.push(`  timed out: ${result.function}(${result.inputs.map((entry) => `${entry.name} = ${entry.value}`).join(', ')}) did not return within ${result.timeoutMs} ms${result.interrupted === undefined ? '' : `, and no input tried returned${describeInterrupted(result.interrupted)}`}`);
      break;
    case 'not-executable':
      lines.push(`  not executable: ${result.reason}`);
      break;
    case 'harness-failed':
      lines.push(`  not checked: ${indent(result.reason)}`);
      break;
    default:
      return assertNever(result, 'function spec check');
  }
  for (const note of result.notes) lines.push(`  note: ${note}`);
  return lines;
}

function describeInterrupted(interrupted: InterruptedInputs): string {
  const parts = [`${interrupted.timedOut} timed out`, ...(interrupted.memoryExceeded > 0 ? [`${interrupted.memoryExceeded} over the memory cap`] : []), ...(interrupted.untried > 0 ? [`${interrupted.untried} not tried`] : [])];
  return interrupted.timedOut + interrupted.memoryExceeded + interrupted.untried === 0 ? '' : `; ${parts.join(', ')}`;
}

/** The sandbox the harness ran in; when none, why (the same reason stderr's warning gives). */
function describeSandbox(sandbox: Sandbox | null): string {
  if (sandbox === null) return 'none needed (nothing was built)';
  switch (sandbox.kind) {
    case 'bwrap':
      return `bubblewrap (${sandbox.program})`;
    case 'docker':
      return `the container ${sandbox.image}`;
    case 'none':
      return `none: the harness ran unsandboxed, with your user's rights (${sandbox.reason})`;
    default:
      return assertNever(sandbox, 'sandbox');
  }
}

function renderClause(clause: ClauseStatus): string {
  return clause.status === 'not-executable' ? `  ${clause.kind}[${clause.index}] ${clause.text} (line ${clause.line}): not executable: ${indent(clause.reason)}` : '';
}

function indent(text: string): string {
  return text.split('\n').join('\n      ');
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
