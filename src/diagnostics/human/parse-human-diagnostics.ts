import { assertNever } from '../../core/assert-never.js';
import type { DiagnosticDraft } from '../classify/create-diagnostic.js';
import { HumanDiagnosticBuilder } from './human-diagnostic-builder.js';
import type { HumanLine } from './human-line.js';
import { readHumanLine } from './human-line-rules.js';

/** What the text parser found in human-rendered output. */
export interface HumanParseResult {
  drafts: DiagnosticDraft[];
  summaries: Array<{ verified: number; errors: number }>;
  unparsedLineCount: number;
}

/**
 * Where the parser is: inside a diagnostic, inside a child `note:`/`help:` printed without a blank
 * line (its source lines are not the parent's spans), inside an out-of-band `--expand-errors` note
 * (first its source lines, then the ✔/✘ tree after an empty `note: `), or after a panic line.
 */
type Mode = 'idle' | 'diagnostic' | 'child' | 'expansion-spans' | 'expansion-tree' | 'panic';

const EXPANSION_HEADER = /^diagnostics via expansion/;

/** Parses human-rendered rustc/Verus output line by line. Never throws; unknown lines are counted. */
export function parseHumanDiagnostics(lines: readonly string[]): HumanParseResult {
  const result: HumanParseResult = { drafts: [], summaries: [], unparsedLineCount: 0 };
  let mode: Mode = 'idle';
  let current: HumanDiagnosticBuilder | null = null;
  let previousBlank = true;

  const finish = (): void => {
    if (current !== null) result.drafts.push(current.build());
    current = null;
    mode = 'idle';
  };

  for (const text of lines) {
    const line = readHumanLine(text);
    const endsBlock = line.kind === 'header' || line.kind === 'summary' || line.kind === 'noise' || line.kind === 'panic';
    if ((mode === 'expansion-tree' || mode === 'expansion-spans') && !endsBlock) {
      if (mode === 'expansion-tree' && line.kind !== 'blank') current?.addExpansionLine(text.trimEnd());
      previousBlank = line.kind === 'blank';
      continue;
    }
    if (mode === 'expansion-spans' && line.kind === 'header' && line.severity === 'note' && line.message.trim() === '') {
      mode = 'expansion-tree';
      previousBlank = false;
      continue;
    }
    const builder: HumanDiagnosticBuilder | null = current;
    switch (line.kind) {
      case 'blank':
        finish();
        break;
      case 'summary':
        finish();
        result.summaries.push({ verified: line.verified, errors: line.errors });
        break;
      case 'noise':
        finish();
        break;
      case 'panic':
        finish();
        current = new HumanDiagnosticBuilder(line.text, 'error', null);
        mode = 'panic';
        break;
      case 'header':
        if (builder !== null && !previousBlank && (mode === 'diagnostic' || mode === 'child') && (line.severity === 'note' || line.severity === 'help')) {
          builder.closeSnippet();
          builder.addNote(`${line.severity}: ${line.message}`);
          mode = 'child';
          break;
        }
        finish();
        ({ mode, current } = openDiagnostic(line));
        break;
      case 'location':
        if (builder !== null && mode === 'diagnostic') builder.startSnippet(line);
        else if (builder === null) result.unparsedLineCount += 1;
        break;
      case 'attached-note':
        if (builder !== null) builder.addNote(`${line.level}: ${line.text}`);
        else result.unparsedLineCount += 1;
        break;
      case 'gutter':
        if (builder !== null && mode === 'diagnostic') builder.addRow(line.lineNumber, line.content);
        else if (builder === null) result.unparsedLineCount += 1;
        break;
      case 'elision':
      case 'suggestion':
        if (builder === null) result.unparsedLineCount += 1;
        break;
      case 'continuation':
        if (builder !== null && mode === 'panic') builder.addNote(line.text);
        else if (builder !== null) builder.addContinuation(line.text);
        else result.unparsedLineCount += 1;
        break;
      case 'other':
        if (builder !== null && mode === 'panic') builder.addNote(line.text.trim());
        else result.unparsedLineCount += 1;
        break;
      default:
        assertNever(line, 'human output line');
    }
    previousBlank = line.kind === 'blank';
  }
  finish();
  return result;
}

function openDiagnostic(line: Extract<HumanLine, { kind: 'header' }>): { mode: Mode; current: HumanDiagnosticBuilder } {
  if (line.severity === 'note' && line.message.trim() === '') {
    return { mode: 'expansion-tree', current: new HumanDiagnosticBuilder('', 'note', null, true) };
  }
  if (line.severity === 'note' && EXPANSION_HEADER.test(line.message)) {
    return { mode: 'expansion-spans', current: new HumanDiagnosticBuilder(line.message, 'note', null, true) };
  }
  return { mode: 'diagnostic', current: new HumanDiagnosticBuilder(line.message, line.severity, line.code) };
}
