import { OUTPUT_LIMITS } from './output-limits.js';
import type { OutputLine } from './split-output-lines.js';

/** A JSON value found in the output, and the lines it occupied. */
export interface JsonBlock {
  firstLine: number;
  lastLine: number;
  value: unknown;
}

/**
 * Finds JSON values among printed lines: one-line objects (rustc and cargo diagnostics) and
 * pretty-printed documents that start with a lone `{` (serde's layout for `--output-json`). Lines
 * that look like JSON but do not parse (truncated output) are left unconsumed, for the text parser
 * to count. Multi-line scans share a budget, so garbage full of `{` lines stays linear. Each value
 * is handed to `visit` at once rather than collected, so that parsed objects die young (this is the
 * parser's hot path: thousands of lines of a kilobyte each). Returns which lines were consumed.
 */
export function extractJsonBlocks(lines: readonly OutputLine[], visit: (block: JsonBlock) => void): Uint8Array {
  const consumed = new Uint8Array(lines.length);
  let budget = lines.length * OUTPUT_LIMITS.documentScanBudgetFactor;
  for (let index = 0; index < lines.length; index += 1) {
    const text = lines[index]?.text ?? '';
    const first = firstNonSpace(text);
    if (text.charCodeAt(first) !== OPEN_BRACE) continue;
    if (text.charCodeAt(lastNonSpace(text)) === CLOSE_BRACE) {
      const value = tryParseJson(text);
      if (value !== undefined) {
        visit({ firstLine: index, lastLine: index, value });
        consumed[index] = 1;
        continue;
      }
    }
    if (text.trim() !== '{' || budget <= 0) continue;
    const end = findDocumentEnd(lines, index, Math.min(budget, OUTPUT_LIMITS.maxDocumentLines));
    budget -= end.scanned;
    if (end.lastLine === null) continue;
    const value = tryParseJson(lines.slice(index, end.lastLine + 1).map((line) => line.text).join('\n'));
    if (value === undefined) continue;
    visit({ firstLine: index, lastLine: end.lastLine, value });
    consumed.fill(1, index, end.lastLine + 1);
    index = end.lastLine;
  }
  return consumed;
}

/** Tracks brace depth outside strings until it returns to zero at the end of a line. */
function findDocumentEnd(lines: readonly OutputLine[], start: number, maxLines: number): { lastLine: number | null; scanned: number } {
  let depth = 0;
  let inString = false;
  let escaped = false;
  const last = Math.min(lines.length, start + maxLines);
  for (let index = start; index < last; index += 1) {
    const line = lines[index];
    if (line === undefined || line.oversized) return { lastLine: null, scanned: index - start + 1 };
    for (const character of line.text) {
      if (inString) {
        if (escaped) escaped = false;
        else if (character === '\\') escaped = true;
        else if (character === '"') inString = false;
      } else if (character === '"') inString = true;
      else if (character === '{' || character === '[') depth += 1;
      else if (character === '}' || character === ']') depth -= 1;
    }
    if (depth <= 0) return { lastLine: depth === 0 && !inString ? index : null, scanned: index - start + 1 };
  }
  return { lastLine: null, scanned: last - start };
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

// Index scans instead of trim(): lines can be a megabyte long and most are not JSON.
function firstNonSpace(text: string): number {
  let index = 0;
  while (index < text.length && text.charCodeAt(index) <= 0x20) index += 1;
  return index;
}

function lastNonSpace(text: string): number {
  let index = text.length - 1;
  while (index > 0 && text.charCodeAt(index) <= 0x20) index -= 1;
  return index;
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
