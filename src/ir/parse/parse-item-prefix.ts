import { TOKEN_KIND } from '../../core/source-parser.js';
import type { Attribute } from '../attribute.js';
import { parseAttribute } from './parse-attribute.js';
import type { ParseContext } from './parse-context.js';
import { isOpenAt, isWordAt } from '../syntax/token-predicates.js';

/** Words that may precede an item keyword: Rust qualifiers and Verus modes. */
const MODIFIER_WORDS = new Set([
  'default', 'const', 'async', 'unsafe', 'extern', 'open', 'closed', 'spec', 'proof', 'exec', 'broadcast', 'axiom', 'uninterp',
  'tracked', 'ghost',
]);

/** What precedes an item's keyword. */
export interface ItemPrefix {
  attributes: Attribute[];
  visibility: string | null;
  /** The modifier words with their argument groups, e.g. `spec(checked)`, `extern "C"`. */
  modifiers: string[];
  /** Index of the first token after the attributes (visibility or modifiers or keyword). */
  declarationStart: number;
  /** Index of the first modifier or, without modifiers, of the keyword. */
  modifiersStart: number;
  /** Index of the item keyword (`fn`, `struct`, `use`...), or of whatever follows the modifiers. */
  keywordIndex: number;
}

export function parseItemPrefix(context: ParseContext, from: number, limit: number): ItemPrefix {
  const tokens = context.tokens;
  const attributes: Attribute[] = [];
  let index = from;
  for (let parsed = parseAttribute(context, index); parsed !== null && index < limit; parsed = parseAttribute(context, index)) {
    if (parsed.attribute.inner) break;
    attributes.push(parsed.attribute);
    index = parsed.end;
  }
  const declarationStart = index;
  let visibility: string | null = null;
  if (isWordAt(tokens, index, 'pub')) {
    const end = isOpenAt(tokens, index + 1, '(') ? (tokens.partners[index + 1] ?? index) + 1 : index + 1;
    visibility = end === index + 1 ? 'pub' : normalizeSpaces(context.text(index, end));
    index = end;
  }
  const modifiersStart = index;
  const modifiers: string[] = [];
  while (index < limit && tokens.kinds[index] === TOKEN_KIND.word && MODIFIER_WORDS.has(tokens.texts[index] ?? '')) {
    const word = tokens.texts[index] ?? '';
    if (word === 'const' && !continuesModifiers(context, index + 1)) break;
    let end = index + 1;
    if (word === 'spec' && isOpenAt(tokens, end, '(')) end = (tokens.partners[end] ?? end) + 1;
    if (word === 'extern' && tokens.kinds[end] === TOKEN_KIND.literal) end++;
    modifiers.push(end === index + 1 ? word : normalizeSpaces(context.text(index, end)));
    index = end;
  }
  return { attributes, visibility, modifiers, declarationStart, modifiersStart, keywordIndex: index };
}

/** Whether `const` at index-1 qualifies a function (`const fn`, `const unsafe fn`) rather than starting a const item. */
function continuesModifiers(context: ParseContext, index: number): boolean {
  const tokens = context.tokens;
  return isWordAt(tokens, index, 'fn') || (tokens.kinds[index] === TOKEN_KIND.word && MODIFIER_WORDS.has(tokens.texts[index] ?? ''));
}

/** `pub ( crate )` → `pub(crate)`, `extern  "C"` → `extern "C"`. */
function normalizeSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\s*([()])\s*/g, '$1').trim();
}
