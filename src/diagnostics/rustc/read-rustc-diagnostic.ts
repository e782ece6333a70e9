import type { DiagnosticSeverity } from '../../core/diagnostic.js';
import type { DiagnosticDraft } from '../classify/create-diagnostic.js';
import { isJsonRecord, readArray, readRecord, readString, type JsonRecord } from '../output/json-fields.js';
import { OUTPUT_LIMITS } from '../output/output-limits.js';
import { readRustcSpan, type ReadSpan } from './read-rustc-span.js';

/** What one rustc JSON diagnostic object turned out to be. */
export type RustcDiagnosticReading =
  | { status: 'diagnostic'; draft: DiagnosticDraft }
  /** Bookkeeping rustc prints as diagnostics (`aborting due to ...`, failure notes); skipped as Verus's harness does. */
  | { status: 'skipped' }
  | { status: 'malformed' };

const BOOKKEEPING_MESSAGE = /^aborting due to |^\d+ warnings? emitted/;
const EXPANSION_NOTE = /^diagnostics via expansion/;

export function readRustcDiagnostic(record: JsonRecord): RustcDiagnosticReading {
  const message = readString(record, 'message');
  const level = readString(record, 'level');
  if (message === null || level === null) return { status: 'malformed' };
  if (level === 'failure-note' || BOOKKEEPING_MESSAGE.test(message)) return { status: 'skipped' };
  const valid: ReadSpan[] = [];
  for (const value of readArray(record, 'spans')) {
    if (valid.length >= OUTPUT_LIMITS.maxSpansPerDiagnostic) break;
    const span = readRustcSpan(value);
    if (span !== null) valid.push(span);
  }
  const primaryIndex = valid.findIndex((span) => span.isPrimary);
  const notes: string[] = [];
  let expansion: string | null = null;
  for (const child of readArray(record, 'children')) {
    if (!isJsonRecord(child) || notes.length >= OUTPUT_LIMITS.maxNotesPerDiagnostic) continue;
    const childMessage = readString(child, 'message');
    const childLevel = readString(child, 'level') ?? 'note';
    if (childMessage === null) continue;
    if (EXPANSION_NOTE.test(childMessage)) expansion = joinExpansion(expansion, expansionTree(childMessage));
    else notes.push(`${childLevel}: ${childMessage}`);
  }
  return {
    status: 'diagnostic',
    draft: {
      message,
      severity: severityOfLevel(level),
      code: readCode(record),
      primary: primaryIndex === -1 ? null : (valid[primaryIndex]?.span ?? null),
      secondary: valid.filter((_, index) => index !== primaryIndex).map((span) => span.span),
      notes,
      expansion,
    },
  };
}

/** The tree printed after the first line of a `diagnostics via expansion` note. */
export function expansionTree(message: string): string {
  const newline = message.indexOf('\n');
  return newline === -1 ? '' : message.slice(newline + 1).replace(/^\n+|\s+$/g, '');
}

export function joinExpansion(existing: string | null, addition: string): string {
  if (existing === null || existing === '') return addition;
  return addition === '' ? existing : `${existing}\n${addition}`;
}

/** rustc writes `"code": {"code": "E0308", ...}`; a bare string is accepted from hand-written tools. */
function readCode(record: JsonRecord): string | null {
  const nested = readRecord(record, 'code');
  return nested === null ? readString(record, 'code') : readString(nested, 'code');
}

function severityOfLevel(level: string): DiagnosticSeverity {
  if (level.startsWith('error')) return 'error';
  if (level === 'warning' || level === 'note' || level === 'help') return level;
  return 'note';
}
