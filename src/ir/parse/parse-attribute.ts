import { TOKEN_KIND } from '../../core/source-parser.js';
import type { Attribute } from '../attribute.js';
import type { ParseContext } from './parse-context.js';
import { isOpenAt, isPunctuationAt } from '../syntax/token-predicates.js';

/** At `#`: parses `#[...]` or `#![...]`; null when `#` does not start an attribute. */
export function parseAttribute(context: ParseContext, index: number): { attribute: Attribute; end: number } | null {
  const tokens = context.tokens;
  if (!isPunctuationAt(tokens, index, '#')) return null;
  const inner = isPunctuationAt(tokens, index + 1, '!');
  const open = inner ? index + 2 : index + 1;
  if (!isOpenAt(tokens, open, '[')) return null;
  const close = tokens.partners[open] ?? open;
  const { name, arguments: argumentText, legacyForm } = readAttributePath(context, open + 1, close);
  return {
    attribute: { ...context.spannedText(index, close + 1), inner, name, arguments: argumentText, legacyForm },
    end: close + 1,
  };
}

function readAttributePath(context: ParseContext, first: number, end: number): Pick<Attribute, 'name' | 'arguments' | 'legacyForm'> {
  const tokens = context.tokens;
  const segments: string[] = [];
  let index = first;
  while (index < end && tokens.kinds[index] === TOKEN_KIND.word) {
    segments.push(tokens.texts[index] ?? '');
    if (!isPunctuationAt(tokens, index + 1, '::')) {
      index++;
      break;
    }
    index += 2;
  }
  const path = segments.join('::');
  if (index >= end) return { name: path, arguments: null, legacyForm: false };
  if (isOpenAt(tokens, index, '(')) {
    const close = tokens.partners[index] ?? index;
    const inside = context.text(index + 1, close).trim();
    // The old form `#[verifier(external_body)]` means `#[verifier::external_body]`.
    if (path === 'verifier' && tokens.kinds[index + 1] === TOKEN_KIND.word) {
      const legacyArguments = isOpenAt(tokens, index + 2, '(') ? context.text(index + 3, tokens.partners[index + 2] ?? index + 3) : null;
      return { name: `verifier::${tokens.texts[index + 1]}`, arguments: legacyArguments, legacyForm: true };
    }
    return { name: path, arguments: inside === '' ? null : inside, legacyForm: false };
  }
  return { name: path, arguments: context.text(index, end).trim(), legacyForm: false };
}
