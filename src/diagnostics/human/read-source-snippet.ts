import type { DiagnosticSpan } from '../../core/diagnostic.js';
import { markUnderlineRuns, type LabelHolder, type UnderlineRun } from './mark-underline-runs.js';

/** The quoted source of one location in human-rendered output: the `-->`/`:::` line and the gutter rows under it. */
export interface SourceSnippet {
  file: string;
  line: number;
  column: number;
  role: 'primary' | 'secondary';
  /** Rows after the gutter `|`; `lineNumber` is null on annotation rows; `...` rows are left out. */
  rows: Array<{ lineNumber: number | null; content: string }>;
}

export interface SnippetSpan {
  span: DiagnosticSpan;
  isPrimary: boolean;
}

interface MultilineSpan extends LabelHolder {
  line: number;
  column: number;
  lineEnd: number;
  columnEnd: number;
  character: '^' | '-';
}

/**
 * Recovers spans from underlines: `^^^` marks a primary span, `---` a secondary one, the text after
 * a run is its label, and stacked labels are matched to runs by column. Multi-line spans open with
 * `/` in the margin or a ` ___^` row and close with a `|___^ label` row. Columns come from the
 * location line where rustc gives them and are read off the underline elsewhere (human text has
 * no byte offsets, so those stay null). A snippet without underlines yields a point span.
 */
export function readSourceSnippet(snippet: SourceSnippet): SnippetSpan[] {
  const margin = detectMargin(snippet.rows);
  const code = new Map<number, string>();
  const runs: UnderlineRun[] = [];
  const multiline: MultilineSpan[] = [];
  const open: Array<{ line: number; column: number }> = [];
  const lastLabelled: { holder: LabelHolder | null } = { holder: null };
  let currentLine = snippet.line;
  for (const row of snippet.rows) {
    const marginText = row.content.slice(0, margin);
    const body = row.content.slice(margin);
    if (row.lineNumber !== null) {
      currentLine = row.lineNumber;
      code.set(currentLine, body);
      if (marginText.trimStart().startsWith('/')) open.push({ line: currentLine, column: body.search(/\S|$/) + 1 });
      continue;
    }
    if (margin > 0 && /^\s?_+[\^-]\s*$/.test(row.content)) {
      open.push({ line: currentLine, column: row.content.trimEnd().length - margin });
      continue;
    }
    const closing = margin > 0 ? /^\s?\|(_+)([\^-])?\s*(.*)$/.exec(row.content) : null;
    if (closing === null) {
      markUnderlineRuns(body, currentLine, runs, lastLabelled);
      continue;
    }
    const start = open.pop() ?? { line: currentLine, column: 1 };
    const underscores = closing[1]?.length ?? 0;
    const lone = closing[2] === undefined ? takeLoneMarker(runs, currentLine) : undefined;
    // The underscores start inside the margin, so the marker's column equals their count.
    const lastColumn = closing[2] !== undefined ? underscores : lone !== undefined ? lone.start + 1 : underscores - 1;
    const label = (closing[3] ?? '').trim();
    const span: MultilineSpan = {
      line: start.line,
      column: start.column,
      lineEnd: currentLine,
      columnEnd: lastColumn + 1,
      character: closing[2] === '^' || lone?.character === '^' ? '^' : '-',
      label: label === '' ? null : label,
    };
    multiline.push(span);
    if (span.label !== null) lastLabelled.holder = span;
  }
  const spans: SnippetSpan[] = [
    ...multiline.map((span) => ({ isPrimary: span.character === '^', span: spanOf(snippet.file, span, sourceBetween(code, span.line, span.lineEnd)) })),
    ...anchorRuns(snippet, runs).map((run) => ({
      isPrimary: run.character === '^',
      span: spanOf(snippet.file, { line: run.line, column: run.start + 1, lineEnd: run.line, columnEnd: run.start + run.length + 1, label: run.label }, code.get(run.line) ?? null),
    })),
  ];
  if (spans.length === 0) {
    const point = { line: snippet.line, column: snippet.column, lineEnd: snippet.line, columnEnd: snippet.column, label: null };
    return [{ isPrimary: snippet.role === 'primary', span: spanOf(snippet.file, point, code.get(snippet.line) ?? null) }];
  }
  return spans.sort((left, right) => left.span.line - right.span.line || left.span.column - right.span.column);
}

/** A lone `-`/`^` on its own row marks where a multi-line span ends when the closing row carries only the label. */
function takeLoneMarker(runs: UnderlineRun[], line: number): UnderlineRun | undefined {
  for (let index = runs.length - 1; index >= 0; index -= 1) {
    const run = runs[index];
    if (run !== undefined && run.line === line && run.length === 1 && run.label === null) {
      runs.splice(index, 1);
      return run;
    }
  }
  return undefined;
}

/** rustc indents every row by two columns when the snippet draws a multi-line span (one level is assumed). */
function detectMargin(rows: SourceSnippet['rows']): number {
  const multiline = rows.some((row) => (row.lineNumber !== null ? /^[/|] /.test(row.content) : /^(?: _|\|_)/.test(row.content)));
  return multiline ? 2 : 0;
}

/**
 * Shifts the runs on the location's line so the first matching run starts at the column rustc
 * printed; this also repairs rows rustc shortened with a leading `...`.
 */
function anchorRuns(snippet: SourceSnippet, runs: UnderlineRun[]): UnderlineRun[] {
  const onAnchor = runs.filter((run) => run.line === snippet.line);
  const anchor = onAnchor.find((run) => (run.character === '^') === (snippet.role === 'primary')) ?? onAnchor[0];
  if (anchor === undefined) return runs;
  const shift = snippet.column - 1 - anchor.start;
  return runs.map((run) => (run.line === snippet.line ? { ...run, start: run.start + shift } : run));
}

function sourceBetween(code: Map<number, string>, first: number, last: number): string | null {
  const lines: string[] = [];
  for (let line = first; line <= last && lines.length < 200; line += 1) {
    const text = code.get(line);
    if (text !== undefined) lines.push(text);
  }
  return lines.length === 0 ? null : lines.join('\n');
}

function spanOf(
  file: string,
  place: { line: number; column: number; lineEnd: number; columnEnd: number; label: string | null },
  sourceText: string | null,
): DiagnosticSpan {
  return {
    file,
    line: place.line,
    column: Math.max(1, place.column),
    lineEnd: Math.max(place.line, place.lineEnd),
    columnEnd: Math.max(1, place.columnEnd),
    byteStart: null,
    byteEnd: null,
    label: place.label,
    sourceText,
  };
}
