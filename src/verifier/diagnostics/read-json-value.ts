import { assertNever } from '../../core/assert-never.js';
import type { DiagnosticDraft } from './create-diagnostic.js';
import { isJsonRecord, readRecord, readString, type JsonRecord } from './json-fields.js';
import { isOutputJsonDocument } from './read-output-json.js';
import { readRustcDiagnostic } from './read-rustc-diagnostic.js';

/** What one JSON value printed by a run is. */
export type JsonValueReading =
  | { kind: 'diagnostic'; draft: DiagnosticDraft }
  | { kind: 'output-json'; document: JsonRecord }
  /** Known and deliberately skipped: rustc bookkeeping, cargo artifacts and build notices. */
  | { kind: 'ignored' }
  | { kind: 'unrecognised' };

/**
 * Recognises rustc diagnostics (`--error-format=json`), cargo's `compiler-message` wrapper around
 * them (`--message-format=json`), and the `--output-json` document.
 */
export function readJsonValue(value: unknown): JsonValueReading {
  if (!isJsonRecord(value)) return { kind: 'unrecognised' };
  const reason = readString(value, 'reason');
  if (reason !== null) {
    if (reason !== 'compiler-message') return { kind: 'ignored' };
    const message = readRecord(value, 'message');
    return message === null ? { kind: 'unrecognised' } : readDiagnosticRecord(message);
  }
  const messageType = readString(value, '$message_type');
  if (messageType !== null && messageType !== 'diagnostic') return { kind: 'ignored' };
  if (messageType === 'diagnostic' || ('message' in value && 'level' in value)) return readDiagnosticRecord(value);
  if (isOutputJsonDocument(value)) return { kind: 'output-json', document: value };
  return { kind: 'unrecognised' };
}

function readDiagnosticRecord(record: JsonRecord): JsonValueReading {
  const reading = readRustcDiagnostic(record);
  switch (reading.status) {
    case 'diagnostic':
      return { kind: 'diagnostic', draft: reading.draft };
    case 'skipped':
      return { kind: 'ignored' };
    case 'malformed':
      return { kind: 'unrecognised' };
    default:
      return assertNever(reading, 'rustc diagnostic reading');
  }
}
