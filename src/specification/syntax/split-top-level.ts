const OPENERS = '([{';
const CLOSERS = ')]}';

/**
 * Matches an operator at `position`: the operator's text (a split point), a number of characters
 * to step over (a longer operator that only looks like it, e.g. `<==>` for `==>`), or null.
 */
export type OperatorMatcher = (text: string, position: number) => string | number | null;

export interface TopLevelParts {
  parts: string[];
  /** The operator between parts[i] and parts[i + 1]. */
  operators: string[];
}

/** Splits `text` at an operator outside any brackets: `a && (b && c)` is two parts. */
export function splitTopLevel(text: string, matcher: OperatorMatcher): TopLevelParts {
  const parts: string[] = [];
  const operators: string[] = [];
  let depth = 0;
  let start = 0;
  for (let position = 0; position < text.length; ) {
    const character = text[position]!;
    if (OPENERS.includes(character)) depth++;
    else if (CLOSERS.includes(character)) depth--;
    const match = depth === 0 && !OPENERS.includes(character) && !CLOSERS.includes(character) ? matcher(text, position) : null;
    if (typeof match === 'string') {
      parts.push(text.slice(start, position).trim());
      operators.push(match);
      position += match.length;
      start = position;
    } else position += typeof match === 'number' ? match : 1;
  }
  parts.push(text.slice(start).trim());
  return { parts, operators };
}

/** Where the expression that starts at `start` ends: before an unmatched closing bracket or a comma outside brackets. */
export function expressionEnd(text: string, start: number): number {
  let depth = 0;
  for (let position = start; position < text.length; position++) {
    const character = text[position]!;
    if (OPENERS.includes(character)) depth++;
    else if (CLOSERS.includes(character)) {
      if (depth === 0) return position;
      depth--;
    } else if (character === ',' && depth === 0) return position;
  }
  return text.length;
}

export const IMPLIES: OperatorMatcher = (text, position) => (text.startsWith('<==>', position) ? 4 : text.startsWith('==>', position) ? '==>' : null);

export const AND: OperatorMatcher = (text, position) => (text.startsWith('&&&', position) ? 3 : text.startsWith('&&', position) ? '&&' : null);

/** `<=` and `<`, but not `<==`, `<==>` or `<<`. */
export const LESS: OperatorMatcher = (text, position) => {
  if (text[position] !== '<') return null;
  if (text.startsWith('<==', position)) return text.startsWith('<==>', position) ? 4 : 3;
  if (text.startsWith('<<', position)) return 2;
  return text.startsWith('<=', position) ? '<=' : '<';
};
