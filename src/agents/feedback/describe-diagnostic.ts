import type { Diagnostic } from '../../core/diagnostic.js';

/**
 * One line per diagnostic, e.g. `postcondition: postcondition not satisfied in fn binary_search,
 * line 12, clause ensures #1 `r < v.len()``, followed by indented notes and the failing branches of
 * an `--expand-errors` tree. Verifier text is untrusted: each part is length-limited.
 */
export function describeDiagnostic(diagnostic: Diagnostic): string {
  const parts = [`${diagnostic.kind}: ${clip(diagnostic.message, 300)}`];
  const functionName = diagnostic.location?.function ?? diagnostic.function;
  if (functionName !== null) parts.push(`in fn ${functionName}`);
  if (diagnostic.primary !== null) parts.push(`line ${diagnostic.primary.line}`);
  const clause = diagnostic.location?.clause ?? null;
  if (clause !== null) parts.push(`clause ${clause.kind} #${clause.index + 1} \`${clip(oneLine(clause.text), 200)}\``);
  else if (diagnostic.primary?.sourceText) parts.push(`at \`${clip(oneLine(diagnostic.primary.sourceText), 200)}\``);
  const lines = [`- ${parts.join(', ')}`];
  for (const note of diagnostic.notes.slice(0, 3)) lines.push(`  note: ${clip(oneLine(note), 300)}`);
  const failing = failingBranches(diagnostic.expansion);
  if (failing.length > 0) lines.push('  expand-errors (failing parts):', ...failing.map((line) => `    ${line}`));
  return lines.join('\n');
}

/** The `✘` lines of an expand-errors tree (the sub-assertions that failed), indentation kept. */
export function failingBranches(expansion: string | null): string[] {
  if (expansion === null) return [];
  return expansion
    .split('\n')
    .filter((line) => line.includes('✘'))
    .slice(0, 12)
    .map((line) => clip(line.trimEnd(), 300));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
