import { TOKEN_KIND } from '../../core/source-parser.js';
import { findItemEnd } from './find-item-end.js';
import type { IrItem, MacroItem, ValueItem } from '../ir-item.js';
import type { ItemBase } from '../item-base.js';
import type { ItemScope } from './item-scope.js';
import { parseAssumeSpecification } from './parse-assume-specification.js';
import { parseAttribute } from './parse-attribute.js';
import type { ParseContext } from './parse-context.js';
import { parseDataItem } from './parse-data-item.js';
import { parseFunction } from './parse-function.js';
import { parseImplBlock, parseTrait } from './parse-impl-block.js';
import { parseItemPrefix, type ItemPrefix } from './parse-item-prefix.js';
import { parseBroadcastGroup, parseUseItem } from './parse-use-item.js';
import { isOpenAt, isPunctuationAt, isWordAt } from '../syntax/token-predicates.js';

type Parsed = { items: IrItem[]; end: number } | null;

function one(result: { item: IrItem; end: number } | null): Parsed {
  return result === null ? null : { items: [result.item], end: result.end };
}

/** Parses the items in tokens [from, to): a file, a `verus!` body, a module, impl or trait body. */
export function parseItems(context: ParseContext, from: number, to: number, scope: ItemScope): IrItem[] {
  const tokens = context.tokens;
  const items: IrItem[] = [];
  let index = from;
  while (index < to) {
    if (isPunctuationAt(tokens, index, ';')) {
      index++;
      continue;
    }
    const inner = isPunctuationAt(tokens, index + 1, '!') ? parseAttribute(context, index) : null;
    if (inner !== null && inner.attribute.inner) {
      context.innerAttributes.push(inner.attribute);
      index = inner.end;
      continue;
    }
    const parsed = parseItemAt(context, index, to, scope) ?? skipUnknownItem(context, index, to, scope);
    items.push(...parsed.items);
    index = Math.max(parsed.end, index + 1);
  }
  return items;
}

function parseItemAt(context: ParseContext, itemStart: number, limit: number, scope: ItemScope): Parsed {
  const tokens = context.tokens;
  const prefix = parseItemPrefix(context, itemStart, limit);
  const keyword = prefix.keywordIndex;
  const base = { attributes: prefix.attributes, visibility: prefix.visibility, insideVerus: scope.insideVerus, modulePath: scope.modulePath };
  const lastModifier = prefix.modifiers[prefix.modifiers.length - 1];
  if (isOpenAt(tokens, keyword, '{') && lastModifier?.startsWith('extern') === true) {
    return { items: [parseValueItem(context, prefix, itemStart, limit, base).item], end: (tokens.partners[keyword] ?? keyword) + 1 };
  }
  if (tokens.kinds[keyword] !== TOKEN_KIND.word) return null;
  switch (tokens.texts[keyword]) {
    case 'fn':
      return one(parseFunction(context, prefix, itemStart, limit, scope));
    case 'struct':
    case 'enum':
      return one(parseDataItem(context, keyword, itemStart, limit, base));
    case 'union':
      return tokens.kinds[keyword + 1] === TOKEN_KIND.word ? one(parseDataItem(context, keyword, itemStart, limit, base)) : null;
    case 'impl':
      return one(parseImplBlock(context, keyword, itemStart, limit, base, scope, parseItems));
    case 'trait':
      return one(parseTrait(context, keyword, itemStart, limit, base, scope, parseItems));
    case 'mod':
      return one(parseModule(context, keyword, itemStart, limit, base, scope));
    case 'use':
      return one(parseUseItem(context, lastModifier === 'broadcast' ? 'broadcast-use' : 'use', keyword + 1, itemStart, limit, base));
    case 'crate':
      return lastModifier === 'extern' ? one(parseUseItem(context, 'extern-crate', keyword + 1, itemStart, limit, base)) : null;
    case 'group':
      return lastModifier === 'broadcast' ? one(parseBroadcastGroup(context, keyword + 1, itemStart, limit, base)) : null;
    case 'assume_specification':
      return one(parseAssumeSpecification(context, keyword, itemStart, limit, base));
    case 'const':
    case 'static':
    case 'type':
    case 'global':
      return one(parseValueItem(context, prefix, itemStart, limit, base));
    default:
      return prefix.modifiers.length === 0 ? parseMacroItem(context, prefix, itemStart, limit, base, scope) : null;
  }
}

function parseModule(context: ParseContext, keyword: number, itemStart: number, limit: number, base: Omit<ItemBase, 'span' | 'name'>, scope: ItemScope): { item: IrItem; end: number } | null {
  const tokens = context.tokens;
  const name = tokens.texts[keyword + 1] ?? '';
  if (tokens.kinds[keyword + 1] !== TOKEN_KIND.word) return null;
  if (isPunctuationAt(tokens, keyword + 2, ';')) {
    return { item: { ...base, kind: 'module', name, items: null, span: context.span(itemStart, keyword + 3) }, end: keyword + 3 };
  }
  if (!isOpenAt(tokens, keyword + 2, '{')) return null;
  const close = tokens.partners[keyword + 2] ?? keyword + 2;
  const items = parseItems(context, keyword + 3, close, {
    ...scope,
    owner: null,
    modulePath: [...scope.modulePath, name],
    namePrefix: `${scope.namePrefix}${name}::`,
  });
  return { item: { ...base, kind: 'module', name, items, span: context.span(itemStart, close + 1) }, end: close + 1 };
}

function parseValueItem(context: ParseContext, prefix: ItemPrefix, itemStart: number, limit: number, base: Omit<ItemBase, 'span' | 'name'>): { item: ValueItem; end: number } {
  const tokens = context.tokens;
  const keyword = prefix.keywordIndex;
  const word = tokens.texts[keyword] ?? '';
  const kind: ValueItem['kind'] = word === 'type' ? 'type-alias' : word === 'const' || word === 'static' || word === 'global' ? word : 'extern-block';
  const end = kind === 'extern-block' ? (tokens.partners[keyword] ?? keyword) + 1 : findItemEnd(context, keyword + 1, limit, true);
  let nameIndex = keyword + 1;
  if (isWordAt(tokens, nameIndex, 'mut')) nameIndex++;
  const name = kind === 'extern-block' || tokens.kinds[nameIndex] !== TOKEN_KIND.word ? '' : (tokens.texts[nameIndex] ?? '');
  const mode = prefix.modifiers.filter((modifier) => modifier !== 'const' && modifier !== 'unsafe').join(' ');
  return { item: { ...base, kind, name, mode, span: context.span(itemStart, end) }, end };
}

/** `path!(..);`, `path! { }`, `macro_rules! name { }`; `verus! { }` yields the items inside it. */
function parseMacroItem(context: ParseContext, prefix: ItemPrefix, itemStart: number, limit: number, base: Omit<ItemBase, 'span' | 'name'>, scope: ItemScope): Parsed {
  const tokens = context.tokens;
  let index = prefix.keywordIndex;
  while (tokens.kinds[index] === TOKEN_KIND.word && isPunctuationAt(tokens, index + 1, '::')) index += 2;
  if (tokens.kinds[index] !== TOKEN_KIND.word || !isPunctuationAt(tokens, index + 1, '!')) return null;
  const macro = tokens.texts[index] ?? '';
  const named = tokens.kinds[index + 2] === TOKEN_KIND.word;
  const open = named ? index + 3 : index + 2;
  if (tokens.kinds[open] !== TOKEN_KIND.open) return null;
  const close = tokens.partners[open] ?? open;
  const end = isPunctuationAt(tokens, close + 1, ';') ? close + 2 : close + 1;
  if (macro === 'verus' && !named) {
    context.verusMacros.push(context.span(itemStart, close + 1));
    return { items: parseItems(context, open + 1, close, { ...scope, insideVerus: true }), end };
  }
  const name = named ? (tokens.texts[index + 2] ?? '') : macro;
  const item: MacroItem = { ...base, kind: 'macro', name, macro, span: context.span(itemStart, end) };
  return { items: [item], end };
}

function skipUnknownItem(context: ParseContext, itemStart: number, limit: number, scope: ItemScope): { items: IrItem[]; end: number } {
  const end = Math.max(findItemEnd(context, itemStart, limit), itemStart + 1);
  const preview = context.text(itemStart, Math.min(end, itemStart + 6)).replace(/\s+/g, ' ');
  const note = context.skip(itemStart, end, 'unknown-item', `unrecognized item syntax starting with \`${preview}\``);
  const item: IrItem = {
    kind: 'unknown', name: '', span: note.span, attributes: [], visibility: null, insideVerus: scope.insideVerus, modulePath: scope.modulePath, note,
  };
  return { items: [item], end };
}
