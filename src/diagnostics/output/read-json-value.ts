import { assertNever } from '../../core/assert-never.js';
import type { DiagnosticDraft } from '../classify/create-diagnostic.js';
import { isJsonRecord, readRecord, readString, type JsonRecord } from './json-fields.js';
import { isOutputJsonDocument } from './read-output-json.js';
import { readRustcDiagnostic } from '../rustc/read-rustc-diagnostic.js';

/** What one JSON value printed by a run is. */
export type JsonValueReading =
  /** `packageId`: the package cargo says printed it (compiler-message), null outside cargo. */
  | { kind: 'diagnostic'; draft: DiagnosticDraft; packageId: string | null }
  | { kind: 'output-json'; document: JsonRecord }
  /** Cargo finished a unit of this package (printed after its output, only when it succeeded). */
  | { kind: 'cargo-artifact'; packageId: string }
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
    const packageId = readString(value, 'package_id');
    if (reason === 'compiler-artifact' && packageId !== null) return { kind: 'cargo-artifact', packageId };
    if (reason !== 'compiler-message') return { kind: 'ignored' };
    const message = readRecord(value, 'message');
    return message === null ? { kind: 'unrecognised' } : readDiagnosticRecord(message, packageId);
  }
  const messageType = readString(value, '$message_type');
  if (messageType !== null && messageType !== 'diagnostic') return { kind: 'ignored' };
  if (messageType === 'diagnostic' || ('message' in value && 'level' in value)) return readDiagnosticRecord(value, null);
  if (isOutputJsonDocument(value)) return { kind: 'output-json', document: value };
  return { kind: 'unrecognised' };
}

function readDiagnosticRecord(record: JsonRecord, packageId: string | null): JsonValueReading {
  const reading = readRustcDiagnostic(record);
  switch (reading.status) {
    case 'diagnostic':
      return { kind: 'diagnostic', draft: reading.draft, packageId };
    case 'skipped':
      return { kind: 'ignored' };
    case 'malformed':
      return { kind: 'unrecognised' };
    default:
      return assertNever(reading, 'rustc diagnostic reading');
  }
}
