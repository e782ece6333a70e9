import type { DiagnosticSpan } from '../../core/diagnostic.js';
import { isJsonRecord, readArray, readCount, readString } from '../output/json-fields.js';
import { limitText } from '../output/output-limits.js';

/** A span as rustc's JSON gives it, with its `is_primary` flag. */
export interface ReadSpan {
  span: DiagnosticSpan;
  isPrimary: boolean;
}

/** Reads one element of `spans`; null when its location is missing or not made of counts. */
export function readRustcSpan(value: unknown): ReadSpan | null {
  if (!isJsonRecord(value)) return null;
  const file = readString(value, 'file_name');
  const line = readCount(value, 'line_start');
  const column = readCount(value, 'column_start');
  if (file === null || line === null || column === null || line === 0 || column === 0) return null;
  const lineEnd = readCount(value, 'line_end') ?? line;
  const columnEnd = readCount(value, 'column_end') ?? column;
  const label = readString(value, 'label');
  const sourceLines: string[] = [];
  for (const entry of readArray(value, 'text')) {
    const text = isJsonRecord(entry) ? readString(entry, 'text') : null;
    if (text !== null) sourceLines.push(text);
  }
  return {
    isPrimary: value['is_primary'] === true,
    span: {
      file,
      line,
      column,
      lineEnd: Math.max(lineEnd, line),
      columnEnd,
      byteStart: readCount(value, 'byte_start'),
      byteEnd: readCount(value, 'byte_end'),
      label: label === null ? null : limitText(label),
      sourceText: sourceLines.length === 0 ? null : limitText(sourceLines.length === 1 ? (sourceLines[0] ?? '') : sourceLines.join('\n')),
    },
  };
}
