import { TOKEN_KIND } from '../../core/source-parser.js';
import { findBodyOpen, findItemEnd } from './find-item-end.js';
import type { EnumItem, StructItem } from '../ir-item.js';
import type { ItemBase } from '../item-base.js';
import { parseAttribute } from './parse-attribute.js';
import type { ParseContext } from './parse-context.js';
import { skipGenericArguments } from '../syntax/skip-generic-arguments.js';
import { splitTopLevel } from './split-top-level.js';
import { isPunctuationAt } from '../syntax/token-predicates.js';

type BaseWithoutSpan = Omit<ItemBase, 'span' | 'name'>;

/** `struct`/`union`/`enum` at `keyword`: name, generics, and for enums the variant names. */
export function parseDataItem(context: ParseContext, keyword: number, itemStart: number, limit: number, base: BaseWithoutSpan): { item: StructItem | EnumItem; end: number } | null {
  const tokens = context.tokens;
  const nameIndex = keyword + 1;
  if (tokens.kinds[nameIndex] !== TOKEN_KIND.word) return null;
  let generics = null;
  if (isPunctuationAt(tokens, nameIndex + 1, '<')) {
    const genericsEnd = skipGenericArguments(tokens, nameIndex + 1, limit);
    if (genericsEnd > 0) generics = context.spannedText(nameIndex + 1, genericsEnd);
  }
  const end = findItemEnd(context, nameIndex + 1, limit);
  const common = { ...base, name: tokens.texts[nameIndex] ?? '', span: context.span(itemStart, end), generics };
  const kind = tokens.texts[keyword];
  if (kind !== 'enum') return { item: { ...common, kind: kind === 'union' ? 'union' : 'struct' }, end };
  const open = findBodyOpen(context, nameIndex + 1, limit);
  const variants = open === -1 ? [] : readVariants(context, open);
  return { item: { ...common, kind: 'enum', variants }, end };
}

function readVariants(context: ParseContext, open: number): EnumItem['variants'] {
  const tokens = context.tokens;
  const variants: EnumItem['variants'] = [];
  for (const [first, end] of splitTopLevel(context, open + 1, tokens.partners[open] ?? open)) {
    let index = first;
    for (let parsed = parseAttribute(context, index); parsed !== null; parsed = parseAttribute(context, index)) index = parsed.end;
    if (tokens.kinds[index] === TOKEN_KIND.word) variants.push({ name: tokens.texts[index] ?? '', span: context.span(first, end) });
  }
  return variants;
}
