/**
 * Defensive readers for parsed JSON of unknown shape. Each returns null instead of throwing when a
 * field is missing or has the wrong type, so one malformed field never loses a whole diagnostic.
 */
export type JsonRecord = Record<string, unknown>;

export function isJsonRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readString(record: JsonRecord, key: string): string | null {
  const value = record[key];
  return typeof value === 'string' ? value : null;
}

export function readNumber(record: JsonRecord, key: string): number | null {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A non-negative safe integer, as rustc's line, column and byte fields are. */
export function readCount(record: JsonRecord, key: string): number | null {
  const value = readNumber(record, key);
  return value !== null && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

export function readBoolean(record: JsonRecord, key: string): boolean | null {
  const value = record[key];
  return typeof value === 'boolean' ? value : null;
}

export function readRecord(record: JsonRecord, key: string): JsonRecord | null {
  const value = record[key];
  return isJsonRecord(value) ? value : null;
}

export function readArray(record: JsonRecord, key: string): unknown[] {
  const value = record[key];
  return Array.isArray(value) ? value : [];
}
