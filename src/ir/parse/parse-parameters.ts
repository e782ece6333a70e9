import { TOKEN_KIND } from '../../core/source-parser.js';
import type { Parameter, ValueMode } from '../parameter.js';
import type { ParseContext } from './parse-context.js';
import { scanExpression } from './scan-expression.js';
import { isOpenAt, isPunctuationAt, isWordAt } from '../syntax/token-predicates.js';

/** Parses the parameters inside the `(` group opened at `open`. */
export function parseParameters(context: ParseContext, open: number): Parameter[] {
  const tokens = context.tokens;
  const close = tokens.partners[open] ?? open;
  const parameters: Parameter[] = [];
  let index = open + 1;
  while (index < close) {
    const end = scanExpression(tokens, index, close, { stopAtComma: true, stopAtBrace: false, stopWords: null });
    if (end > index) parameters.push(parseParameter(context, index, end));
    index = Math.max(end, index) + 1;
  }
  return parameters;
}

function parseParameter(context: ParseContext, first: number, end: number): Parameter {
  const tokens = context.tokens;
  let mode: ValueMode = 'exec';
  let patternStart = first;
  while (patternStart < end && tokens.kinds[patternStart] === TOKEN_KIND.punctuation && tokens.texts[patternStart] === '#') {
    patternStart = isOpenAt(tokens, patternStart + 1, '[') ? (tokens.partners[patternStart + 1] ?? patternStart) + 1 : patternStart + 1;
  }
  if (isWordAt(tokens, patternStart, 'tracked') || isWordAt(tokens, patternStart, 'ghost')) {
    mode = tokens.texts[patternStart] as ValueMode;
    patternStart++;
  }
  const colon = findTopLevelColon(context, patternStart, end);
  const patternEnd = colon === -1 ? end : colon;
  const wrapper = tokens.texts[patternStart];
  if ((wrapper === 'Ghost' || wrapper === 'Tracked') && isOpenAt(tokens, patternStart + 1, '(')) {
    mode = wrapper === 'Ghost' ? 'ghost' : 'tracked';
  }
  const isSelf = isSelfPattern(context, patternStart, patternEnd);
  return {
    name: isSelf ? 'self' : bindingName(context, patternStart, patternEnd),
    pattern: context.spannedText(patternStart, patternEnd),
    type: colon === -1 ? null : context.spannedText(colon + 1, end),
    span: context.span(first, end),
    mode,
    isSelf,
  };
}

/** Index of the `:` separating pattern and type, or -1. */
export function findTopLevelColon(context: ParseContext, first: number, end: number): number {
  const tokens = context.tokens;
  for (let index = first; index < end; index++) {
    if (tokens.kinds[index] === TOKEN_KIND.open) index = tokens.partners[index] ?? index;
    else if (isPunctuationAt(tokens, index, ':')) return index;
  }
  return -1;
}

function isSelfPattern(context: ParseContext, first: number, end: number): boolean {
  return end > first && isWordAt(context.tokens, end - 1, 'self');
}

/** `x`, `mut x`, `ref mut x`, `Ghost(x)`, `Tracked(x)` bind `x`; other patterns are named by their text. */
function bindingName(context: ParseContext, first: number, end: number): string {
  const tokens = context.tokens;
  let index = first;
  while (index < end && (isWordAt(tokens, index, 'mut') || isWordAt(tokens, index, 'ref'))) index++;
  if (index + 1 === end && tokens.kinds[index] === TOKEN_KIND.word) return tokens.texts[index] ?? '';
  const wrapper = tokens.texts[index];
  if ((wrapper === 'Ghost' || wrapper === 'Tracked') && isOpenAt(tokens, index + 1, '(') && (tokens.partners[index + 1] ?? 0) + 1 === end) {
    return bindingName(context, index + 2, end - 1);
  }
  return context.text(first, end).replace(/\s+/g, ' ');
}
