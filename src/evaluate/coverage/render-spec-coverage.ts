import { MAXIMUM_INTERRUPTIONS } from '../../specification/index.js';
import type { CoverageOutcome, SpecCoverageTable } from './tabulate-spec-coverage.js';

const LABELS: Record<CoverageOutcome, string> = {
  checked: 'checked, no counterexample',
  counterexample: 'counterexample found',
  'not-executable': 'not executable',
  'build-failed': 'harness did not build or run',
  'timed-out': 'every input tried timed out',
  'nothing-checked': 'nothing checked',
};

/** Examples named per reason: a corpus has hundreds of functions. */
const NAMED = 3;

/** The text table of `verus-repair spec-coverage`: one row per outcome, its reasons below it, then the inputs that did not finish. */
export function renderSpecCoverage(table: SpecCoverageTable, header: string): string {
  const lines = [header, '', `| outcome | functions | ensures checked |`, `|---|---:|---:|`];
  for (const row of table.rows) {
    lines.push(`| ${LABELS[row.outcome]} | ${row.functions} | ${row.ensuresChecked} of ${row.ensures} |`);
    for (const { reason, functions } of row.reasons) lines.push(`| - ${reason.replace(/\|/g, '\\|')} (${functions.slice(0, NAMED).join(', ')}${functions.length > NAMED ? `, ${functions.length - NAMED} more` : ''}) | ${functions.length} | |`);
  }
  lines.push(`| total | ${table.total.functions} | ${table.total.ensuresChecked} of ${table.total.ensures} |`, '');
  lines.push(`inputs checked: ${table.inputsChecked}; counterexamples: ${table.counterexamples}; inputs timed out: ${table.timeouts} (in ${table.functionsWithTimeouts} function(s)); over the memory cap: ${table.memoryExceeded} (in ${table.functionsOverMemory} function(s)); inputs not tried after ${MAXIMUM_INTERRUPTIONS} that did not finish: ${table.untried}`);
  for (const { crate, error } of table.unreadable) lines.push(`not read: ${crate}: ${error}`);
  return `${lines.join('\n')}\n`;
}
