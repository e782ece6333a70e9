import { assertNever } from '../core/assert-never.js';
import { describeCounterexample, describeWeakWitness } from './describe-counterexample.js';
import type { ClauseStatus, FunctionSpecCheck, SpecCheckReport } from './spec-check-report.js';

/** The text report of `verus-repair check-spec`: what ran, then per function its clauses, counts and counterexamples. */
export function renderSpecCheck(report: SpecCheckReport): string {
  const { run } = report;
  const lines = [
    `check-spec ${run.crateDir}: ${report.functions.length} function(s), up to ${run.budget} inputs each (seed ${run.seed}, ${run.callTimeoutMs} ms per call)`,
    run.builds === 0
      ? '  nothing was built: no function is executable'
      : run.harnessCache === 'reused'
        ? `  ran: the harness built before from the same sources and toolchain (${run.command.join(' ')}, ${run.builds} build(s)), reused, then ${run.runCommand.join(' ')} (${seconds(run.runMs)})${run.scratchKept ? `; kept at ${run.scratchCrate}` : ''}`
        : `  ran: ${run.command.join(' ')} on a scratch copy with the harness ${run.harnessFile} (${run.builds} build(s), ${seconds(run.buildMs)}), then ${run.runCommand.join(' ')} (${seconds(run.runMs)})${run.scratchKept ? `; kept at ${run.scratchCrate}` : ''}`,
  ];
  for (const result of report.functions) lines.push('', ...renderFunction(result));
  lines.push('', 'A counterexample comes from running the erased exec code: for this code and this spec no proof exists. No counterexample proves nothing: only Verus proves.');
  return `${lines.join('\n')}\n`;
}

function renderFunction(result: FunctionSpecCheck): string[] {
  const executable = result.clauses.filter((clause) => clause.status === 'executable').length;
  const header = `${result.function} (${result.file}:${result.line}): ${executable} of ${result.clauses.length} clause(s) executable`;
  const lines = [header, ...result.clauses.filter((clause) => clause.status === 'not-executable').map(renderClause)];
  switch (result.status) {
    case 'checked': {
      const { counts } = result;
      lines.push(`  ${counts.tried} inputs tried (${counts.exhaustive} bounded-exhaustive, the rest seeded random), ${counts.satisfyingRequires} satisfying the requires`);
      if (result.counterexamples.length === 0) lines.push('  no counterexample found');
      for (const counterexample of result.counterexamples) lines.push(`  counterexample: ${describeCounterexample(result.function, counterexample)}`);
      if (result.weakWitness != null) lines.push(`  weak-postcondition witness: ${describeWeakWitness(result.function, result.weakWitness)}; a spec meant to allow several answers shows this too`);
      break;
    }
    case 'timed-out':
      lines.push(`  timed out: ${result.function}(${result.inputs.map((entry) => `${entry.name} = ${entry.value}`).join(', ')}) did not return within ${result.timeoutMs} ms`);
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

function renderClause(clause: ClauseStatus): string {
  return clause.status === 'not-executable' ? `  ${clause.kind}[${clause.index}] ${clause.text} (line ${clause.line}): not executable: ${indent(clause.reason)}` : '';
}

function indent(text: string): string {
  return text.split('\n').join('\n      ');
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
