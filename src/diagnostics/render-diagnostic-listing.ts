import type { DiagnosticKind } from '../core/diagnostic-kind.js';
import type { Diagnostic, DiagnosticSpan } from '../core/diagnostic.js';
import { selectFailureSite } from './classify/select-failure-site.js';
import type { VerifierReport } from './verifier-report.js';

/** A readable listing: diagnostics grouped by kind, each with file:line:col, the quoted line and its labels. */
export function renderDiagnosticListing(report: VerifierReport): string {
  const groups = new Map<DiagnosticKind, Diagnostic[]>();
  for (const diagnostic of report.diagnostics) groups.set(diagnostic.kind, [...(groups.get(diagnostic.kind) ?? []), diagnostic]);
  const lines: string[] = [];
  for (const [kind, diagnostics] of groups) {
    lines.push(`${kind} (${diagnostics.length})`);
    for (const diagnostic of diagnostics) lines.push(...renderDiagnostic(diagnostic), '');
  }
  const summary = report.summary === null ? 'no verification summary' : `${report.summary.verified} verified, ${report.summary.errors} errors`;
  const errors = report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  lines.push(`${report.diagnostics.length} diagnostics (${errors} errors); ${summary}${report.verusVersion === null ? '' : `; Verus ${report.verusVersion}`}`);
  if (report.unparsedLineCount > 0) lines.push(`${report.unparsedLineCount} lines were not recognised`);
  return `${lines.join('\n')}\n`;
}

function renderDiagnostic(diagnostic: Diagnostic): string[] {
  const site = selectFailureSite(diagnostic) ?? diagnostic.primary;
  const code = diagnostic.code === null ? '' : `[${diagnostic.code}]`;
  const [headline = '', ...rest] = diagnostic.message.split('\n');
  const lines = [`  ${site === null ? '(no location)' : locationOf(site)}  ${diagnostic.severity}${code}: ${headline}`, ...rest.map((line) => `      ${line}`)];
  for (const span of [diagnostic.primary, ...diagnostic.secondary]) {
    if (span === null) continue;
    const quoted = span.sourceText?.split('\n')[0]?.trim();
    const label = span.label === null ? '' : ` ${span.label.split('\n')[0] ?? ''}`;
    lines.push(`    ${span === site ? '>' : '-'} ${locationOf(span)}${label}${quoted === undefined || quoted === '' ? '' : `\n        | ${quoted}`}`);
  }
  for (const note of diagnostic.notes) lines.push(`    = ${note.split('\n')[0] ?? ''}`);
  if (diagnostic.expansion !== null && diagnostic.expansion !== '') lines.push('    expand-errors:', ...diagnostic.expansion.split('\n').map((line) => `      ${line}`));
  return lines;
}

function locationOf(span: DiagnosticSpan): string {
  return `${span.file}:${span.line}:${span.column}`;
}
