import { readFile } from 'node:fs/promises';
import { InputError } from '../../core/errors.js';
import { findJsonSyntaxError } from './find-json-syntax-error.js';
import { REVIEW_BASELINE_SCHEMA, reviewBaselineShape, type ReviewBaseline } from './review-baseline.js';

/**
 * Reads `review --baseline FILE`. A file that cannot be read, is not JSON, or is not a baseline is an
 * InputError naming the file and the position: the line and column of a JSON syntax error, the line
 * of the entry and the field's path for a schema error.
 */
export async function readReviewBaseline(file: string): Promise<ReviewBaseline> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new InputError('missing-path', `--baseline: the baseline file cannot be read (${code})`, { file, line: 1, column: 1 });
  }
  return parseReviewBaseline(file, text);
}

export function parseReviewBaseline(file: string, text: string): ReviewBaseline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // JSON.parse's message differs between Node versions (and quotes the file): the position is ours.
    const at = positionAt(text, findJsonSyntaxError(text) ?? 0);
    throw new InputError('malformed-baseline', `not JSON: a syntax error here; expected a baseline written by \`review --write-baseline\``, { file, ...at });
  }
  const parsed = reviewBaselineShape.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = (issue?.path ?? []).map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');
  const index = issue?.path[0] === 'findings' && typeof issue.path[1] === 'number' ? issue.path[1] : null;
  throw new InputError('malformed-baseline', `${where === '' ? 'the document' : where}: ${issue?.message ?? 'invalid'}; expected {"schema": "${REVIEW_BASELINE_SCHEMA}", "review": ..., "findings": [{"fingerprint", "kind", "file", "function", "line", "message"}]}`, { file, line: index === null ? 1 : lineOfEntry(text, index), column: 1 });
}

function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: [...(before.at(-1) ?? '')].length + 1 };
}

/** The line where the `index`-th entry of the findings array opens. */
function lineOfEntry(text: string, index: number): number {
  const start = text.indexOf('"findings"');
  if (start < 0) return 1;
  let depth = 0;
  let seen = -1;
  let inString = false;
  for (let at = start; at < text.length; at++) {
    const character = text[at];
    if (inString) {
      if (character === '\\') at++;
      else if (character === '"') inString = false;
      continue;
    }
    if (character === '"') inString = true;
    else if (character === '[' || character === '{') {
      depth++;
      if (depth === 2 && character === '{' && ++seen === index) return positionAt(text, at).line;
    } else if (character === ']' || character === '}') depth--;
  }
  return 1;
}
