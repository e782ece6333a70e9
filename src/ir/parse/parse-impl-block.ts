import { TOKEN_KIND } from '../../core/source-parser.js';
import type { ImplItem, IrItem, TraitItem } from '../ir-item.js';
import type { ItemBase } from '../item-base.js';
import type { ItemScope } from './item-scope.js';
import type { ParseContext } from './parse-context.js';
import { scanType } from './scan-type.js';
import { skipGenericArguments } from '../syntax/skip-generic-arguments.js';
import { isOpenAt, isPunctuationAt, isWordAt } from '../syntax/token-predicates.js';

type BaseWithoutSpan = Omit<ItemBase, 'span' | 'name'>;
type ParseNestedItems = (context: ParseContext, from: number, to: number, scope: ItemScope) => IrItem[];

const FOR_OR_WHERE: ReadonlySet<string> = new Set(['for', 'where']);
const WHERE: ReadonlySet<string> = new Set(['where']);
const NOTHING: ReadonlySet<string> = new Set();

/** `impl<T> Trait for Type where .. { items }` at the `impl` keyword; methods get an impl owner. */
export function parseImplBlock(context: ParseContext, keyword: number, itemStart: number, limit: number, base: BaseWithoutSpan, scope: ItemScope, parseNested: ParseNestedItems): { item: ImplItem; end: number } | null {
  const tokens = context.tokens;
  let index = keyword + 1;
  if (isPunctuationAt(tokens, index, '<')) index = skipGenericArguments(tokens, index, limit);
  if (index < 0) return null;
  const firstTypeEnd = scanType(tokens, index, limit, FOR_OR_WHERE);
  let traitRange: [number, number] | null = null;
  let selfRange: [number, number] = [index, firstTypeEnd];
  if (isWordAt(tokens, firstTypeEnd, 'for')) {
    traitRange = [index, firstTypeEnd];
    selfRange = [firstTypeEnd + 1, scanType(tokens, firstTypeEnd + 1, limit, WHERE)];
  }
  const open = isWordAt(tokens, selfRange[1], 'where') ? scanType(tokens, selfRange[1] + 1, limit, NOTHING) : selfRange[1];
  if (!isOpenAt(tokens, open, '{') || selfRange[1] <= selfRange[0]) return null;
  const close = tokens.partners[open] ?? open;
  const selfType = context.text(selfRange[0], selfRange[1]).replace(/\s+/g, ' ');
  const traitName = traitRange === null ? null : context.text(traitRange[0], traitRange[1]).replace(/\s+/g, ' ');
  const typeName = baseTypeName(context, selfRange[0], selfRange[1]) ?? selfType;
  const items = parseNested(context, open + 1, close, {
    ...scope,
    owner: { kind: 'impl', selfType, traitName },
    namePrefix: `${scope.namePrefix}${typeName}::`,
  });
  const name = traitName === null ? `impl ${selfType}` : `impl ${traitName} for ${selfType}`;
  return { item: { ...base, kind: 'impl', name, selfType, traitName, items, span: context.span(itemStart, close + 1) }, end: close + 1 };
}

/** `trait Name<T>: Super where .. { items }` at the `trait` keyword. */
export function parseTrait(context: ParseContext, keyword: number, itemStart: number, limit: number, base: BaseWithoutSpan, scope: ItemScope, parseNested: ParseNestedItems): { item: TraitItem; end: number } | null {
  const tokens = context.tokens;
  const nameIndex = keyword + 1;
  if (tokens.kinds[nameIndex] !== TOKEN_KIND.word) return null;
  const open = scanType(tokens, nameIndex + 1, limit, NOTHING);
  if (!isOpenAt(tokens, open, '{')) return null;
  const close = tokens.partners[open] ?? open;
  const name = tokens.texts[nameIndex] ?? '';
  const items = parseNested(context, open + 1, close, { ...scope, owner: { kind: 'trait', traitName: name }, namePrefix: `${scope.namePrefix}${name}::` });
  return { item: { ...base, kind: 'trait', name, items, span: context.span(itemStart, close + 1) }, end: close + 1 };
}

/** The last path segment of a type, without references and generic arguments: `&'a mut a::Counter<T>` gives `Counter`. */
function baseTypeName(context: ParseContext, first: number, end: number): string | null {
  const tokens = context.tokens;
  let name: string | null = null;
  for (let index = first; index < end; index++) {
    const text = tokens.texts[index] ?? '';
    if (tokens.kinds[index] === TOKEN_KIND.open) return name;
    if (text === '<') return name;
    if (tokens.kinds[index] === TOKEN_KIND.word && text !== 'mut' && text !== 'dyn' && !isPunctuationAt(tokens, index - 1, "'")) name = text;
  }
  return name;
}
