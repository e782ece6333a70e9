import type { Span } from '../../core/span.js';
import { parseVerusSource } from '../parse/parse-verus-source.js';
import type { FunctionItem } from '../function-item.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** Test helper: parses `code`, wrapped in `verus! { }` unless it already contains `verus!`. */
export async function parseSnippet(code: string, file = 'snippet.rs'): Promise<VerusFileIr> {
  const text = code.includes('verus!') ? code : `verus! {\n${code}\n}\n`;
  return parseVerusSource(text, { file });
}

/** Test helper: the function with this qualified name; fails the test when absent. */
export function functionNamed(ir: VerusFileIr, qualifiedName: string): FunctionItem {
  const fn = ir.functions.find((candidate) => candidate.qualifiedName === qualifiedName);
  if (fn === undefined) throw new Error(`no function ${qualifiedName}; have ${ir.functions.map((candidate) => candidate.qualifiedName).join(', ')}`);
  return fn;
}

/** Test helper: the exact source text of a span, cut from the UTF-8 bytes (independently of SourceText). */
export function sliceSpanBytes(ir: VerusFileIr, span: Span): string {
  return Buffer.from(ir.source.text, 'utf8').subarray(span.byteStart, span.byteEnd).toString('utf8');
}

/**
 * Test helper: rustc's coordinates of a UTF-8 byte offset computed from the bytes, without SourceText:
 * 1-based line, 1-based column in Unicode scalar values (rustc drops a byte order mark before counting).
 */
export function rustcPosition(text: string, byteOffset: number): { line: number; column: number } {
  const before = Buffer.from(text, 'utf8').subarray(0, byteOffset).toString('utf8');
  const lines = before.split('\n');
  const last = (lines.length === 1 ? (lines[0] ?? '').replace(/^\ufeff/, '') : lines[lines.length - 1]) ?? '';
  return { line: lines.length, column: [...last].length + 1 };
}

/** Test helper: every `{ text, span }` and bare span in an IR value, found by walking it. */
export function collectSpans(value: unknown, found: Array<{ text: string | null; span: Span }> = []): Array<{ text: string | null; span: Span }> {
  if (value === null || typeof value !== 'object') return found;
  if (Array.isArray(value)) {
    for (const entry of value) collectSpans(entry, found);
    return found;
  }
  const record = value as Record<string, unknown>;
  if (typeof record['byteStart'] === 'number' && typeof record['columnStart'] === 'number') {
    found.push({ text: null, span: record as unknown as Span });
    return found;
  }
  if (typeof record['text'] === 'string' && record['span'] !== null && typeof record['span'] === 'object') {
    found.push({ text: record['text'], span: record['span'] as Span });
  }
  for (const [key, entry] of Object.entries(record)) {
    if (key !== 'source' && key !== 'tokens') collectSpans(entry, found);
  }
  return found;
}

/** Test helper: checks every span of the IR against the bytes; returns a list of problems (empty when consistent). */
export function checkSpans(ir: VerusFileIr): string[] {
  const problems: string[] = [];
  const { items, functions, skipped, verusMacros } = ir;
  for (const { text, span } of collectSpans({ items, functions, skipped, verusMacros })) {
    const start = rustcPosition(ir.source.text, span.byteStart);
    const end = rustcPosition(ir.source.text, span.byteEnd);
    if (start.line !== span.lineStart || start.column !== span.columnStart || end.line !== span.lineEnd || end.column !== span.columnEnd) {
      problems.push(`span ${JSON.stringify(span)} has rustc position ${JSON.stringify({ start, end })}`);
    }
    if (text !== null && sliceSpanBytes(ir, span) !== text) problems.push(`text ${JSON.stringify(text)} differs from its span's bytes ${JSON.stringify(sliceSpanBytes(ir, span))}`);
    if (text !== null && text !== text.trim()) problems.push(`text ${JSON.stringify(text)} is not trimmed`);
  }
  return problems;
}
