import { TOKEN_KIND } from '../../core/source-parser.js';
import type { SpannedText } from '../../core/span.js';
import type { ParseContext } from './parse-context.js';
import { scanExpression } from './scan-expression.js';
import type { TriggerAnnotation } from '../trigger-annotation.js';
import { isOpenAt, isPunctuationAt, isWordAt } from '../syntax/token-predicates.js';

/** Finds `#[trigger] term`, `#![trigger a, b]` and `#![auto]` in tokens [from, to), groups included. */
export function collectTriggers(context: ParseContext, from: number, to: number): TriggerAnnotation[] {
  const tokens = context.tokens;
  const triggers: TriggerAnnotation[] = [];
  for (let index = from; index < to; index++) {
    if (!isPunctuationAt(tokens, index, '#')) continue;
    const inner = isPunctuationAt(tokens, index + 1, '!');
    const open = inner ? index + 2 : index + 1;
    if (!isOpenAt(tokens, open, '[')) continue;
    const close = tokens.partners[open] ?? open;
    const span = context.span(index, close + 1);
    if (isWordAt(tokens, open + 1, 'auto') && close === open + 2) {
      triggers.push({ kind: 'auto', span, terms: [] });
    } else if (isWordAt(tokens, open + 1, 'trigger') && inner) {
      triggers.push({ kind: 'trigger-group', span, terms: splitTerms(context, open + 2, close) });
    } else if (isWordAt(tokens, open + 1, 'trigger') && close === open + 2) {
      const termEnd = readTermEnd(context, close + 1, to);
      triggers.push({ kind: 'trigger', span, terms: termEnd > close + 1 ? [context.spannedText(close + 1, termEnd)] : [] });
    }
  }
  return triggers;
}

function splitTerms(context: ParseContext, from: number, to: number): SpannedText[] {
  const terms: SpannedText[] = [];
  for (let index = from; index < to; ) {
    const end = scanExpression(context.tokens, index, to, { stopAtComma: true, stopAtBrace: false, stopWords: null });
    if (end > index) terms.push(context.spannedText(index, end));
    index = Math.max(end, index) + 1;
  }
  return terms;
}

/** The postfix term after `#[trigger]`: a path or parenthesized expression followed by calls, indexing, fields and `@`. */
function readTermEnd(context: ParseContext, from: number, to: number): number {
  const tokens = context.tokens;
  let index = from;
  let nameExpected = true;
  while (index < to) {
    const kind = tokens.kinds[index];
    const text = tokens.texts[index] ?? '';
    if (kind === TOKEN_KIND.open && text !== '{') {
      index = (tokens.partners[index] ?? index) + 1;
      nameExpected = false;
    } else if ((kind === TOKEN_KIND.word || kind === TOKEN_KIND.literal) && nameExpected) {
      index++;
      nameExpected = false;
    } else if (text === '::' || text === '.') {
      index++;
      nameExpected = true;
    } else if (text === '@' && !nameExpected) {
      index++;
    } else {
      break;
    }
  }
  return index;
}
