import { TOKEN_KIND } from '../../core/source-parser.js';
import { findBodyOpen, findItemEnd } from './find-item-end.js';
import type { BroadcastGroupItem, UseItem } from '../ir-item.js';
import type { ItemBase } from '../item-base.js';
import type { ParseContext } from './parse-context.js';
import { splitTopLevel } from './split-top-level.js';

type BaseWithoutSpan = Omit<ItemBase, 'span' | 'name'>;

/** `use tree;`, `extern crate x;` and `broadcast use a, b;` with `pathStart` at the first token after the keyword(s). */
export function parseUseItem(context: ParseContext, kind: UseItem['kind'], pathStart: number, itemStart: number, limit: number, base: BaseWithoutSpan): { item: UseItem; end: number } {
  const end = findItemEnd(context, pathStart, limit, true);
  const pathEnd = context.tokens.texts[end - 1] === ';' ? end - 1 : end;
  const paths = kind === 'use'
    ? [normalize(context.text(pathStart, pathEnd))]
    : splitTopLevel(context, pathStart, pathEnd).map(([first, last]) => normalize(context.text(first, last)));
  return { item: { ...base, kind, name: paths.join(', '), paths, span: context.span(itemStart, end) }, end };
}

/** `broadcast group name { a, b }` with `nameIndex` at the group name. */
export function parseBroadcastGroup(context: ParseContext, nameIndex: number, itemStart: number, limit: number, base: BaseWithoutSpan): { item: BroadcastGroupItem; end: number } | null {
  const tokens = context.tokens;
  if (tokens.kinds[nameIndex] !== TOKEN_KIND.word) return null;
  const open = findBodyOpen(context, nameIndex + 1, limit);
  if (open === -1) return null;
  const close = tokens.partners[open] ?? open;
  const members = splitTopLevel(context, open + 1, close).map(([first, last]) => normalize(context.text(first, last)));
  const end = close + 1;
  return { item: { ...base, kind: 'broadcast-group', name: tokens.texts[nameIndex] ?? '', members, span: context.span(itemStart, end) }, end };
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
