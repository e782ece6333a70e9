import { TOKEN_KIND } from '../../core/source-parser.js';
import type { ReturnValue, ValueMode } from '../parameter.js';
import type { ParseContext } from './parse-context.js';
import { findTopLevelColon } from './parse-parameters.js';
import { scanType } from './scan-type.js';
import { isOpenAt, isPunctuationAt, isWordAt } from '../syntax/token-predicates.js';

/**
 * At the token after the parameters: parses `-> (r: T)` (named), `-> (tracked r: T)`, `-> T` or
 * `-> tracked T`. Returns the value (null without `->`) and the index after it.
 */
export function parseReturnValue(context: ParseContext, from: number, limit: number, stopWords: ReadonlySet<string>): { value: ReturnValue | null; end: number } {
  const tokens = context.tokens;
  if (!isPunctuationAt(tokens, from, '->')) return { value: null, end: from };
  let index = from + 1;
  let mode: ValueMode = 'exec';
  if (isWordAt(tokens, index, 'tracked') || isWordAt(tokens, index, 'ghost')) {
    mode = tokens.texts[index] as ValueMode;
    index++;
  }
  if (isOpenAt(tokens, index, '(')) {
    const close = tokens.partners[index] ?? index;
    let nameIndex = index + 1;
    if (isWordAt(tokens, nameIndex, 'tracked') || isWordAt(tokens, nameIndex, 'ghost')) {
      mode = tokens.texts[nameIndex] as ValueMode;
      nameIndex++;
    }
    const colon = findTopLevelColon(context, nameIndex, close);
    if (colon === nameIndex + 1 && tokens.kinds[nameIndex] === TOKEN_KIND.word) {
      return {
        value: { name: tokens.texts[nameIndex] ?? '', type: context.spannedText(colon + 1, close), span: context.span(from, close + 1), mode },
        end: close + 1,
      };
    }
  }
  const end = scanType(tokens, index, limit, stopWords);
  return { value: { name: null, type: context.spannedText(index, end), span: context.span(from, end), mode }, end };
}
