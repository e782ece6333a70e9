import { TOKEN_KIND, type OutlineNode, type SyntaxScan } from '../../core/source-parser.js';
import { InputError } from '../../core/errors.js';
import type { IrItem } from '../ir-item.js';
import { FILE_SCOPE } from './item-scope.js';
import { matchDelimiters } from '../syntax/match-delimiters.js';
import { ParseContext } from './parse-context.js';
import { parseItems } from './parse-items.js';
import { SourceText } from '../span/source-text.js';
import { buildTokenTable } from '../syntax/token-table.js';
import type { VerusFileIr } from '../verus-file-ir.js';

export interface BuildVerusIrOptions {
  /** The path reported in spans, notes and errors. */
  file: string;
  /** When true (the default) a file without `verus!` is an InputError (`no-verus-macro`). */
  requireVerus?: boolean;
}

/**
 * Builds the IR from a file's text and its scan, in plain JavaScript. Throws InputError for
 * unbalanced delimiters and (unless opted out) a missing `verus!`; everything else it cannot model
 * becomes a skipped note.
 */
export function buildVerusIr(text: string, scan: SyntaxScan, options: BuildVerusIrOptions): VerusFileIr {
  const source = new SourceText(text);
  const tokens = buildTokenTable(text, scan);
  matchDelimiters(tokens, source, options.file);
  const context = new ParseContext(options.file, source, tokens);
  noteScannerRecoveries(context, scan);
  const items: IrItem[] = [];
  for (const segment of segmentOutline(scan.outline)) {
    const first = tokens.significantIndexOfScanToken[segment.firstToken] ?? 0;
    const end = tokens.significantIndexOfScanToken[segment.endToken] ?? tokens.count;
    if (end <= first) continue;
    items.push(...parseItems(context, first, end, FILE_SCOPE));
  }
  if ((options.requireVerus ?? true) && context.verusMacros.length === 0) {
    throw new InputError('no-verus-macro', 'no `verus! { ... }` block in this file; verus-repair works on code inside `verus! { ... }` (with `use vstd::prelude::*;`): name the file that holds it, or wrap the code in `verus! { ... }`', {
      file: options.file,
      line: 1,
      column: 1,
    });
  }
  return {
    file: options.file,
    source,
    tokens,
    items,
    functions: context.functions,
    innerAttributes: context.innerAttributes,
    verusMacros: context.verusMacros,
    skipped: context.skipped.sort((left, right) => left.span.byteStart - right.span.byteStart),
  };
}

/** Outer attributes are separate root children in tree-sitter's Rust tree: glue them to the item they precede. */
function segmentOutline(outline: readonly OutlineNode[]): OutlineNode[] {
  const segments: OutlineNode[] = [];
  let pendingStart = -1;
  for (const node of outline) {
    if (node.kind === 'attribute') {
      if (pendingStart === -1) pendingStart = node.firstToken;
      continue;
    }
    segments.push(pendingStart === -1 ? node : { ...node, firstToken: pendingStart });
    pendingStart = -1;
  }
  const last = outline[outline.length - 1];
  if (pendingStart !== -1 && last !== undefined) segments.push({ kind: 'item', firstToken: pendingStart, endToken: last.endToken });
  return segments;
}

function noteScannerRecoveries(context: ParseContext, scan: SyntaxScan): void {
  const tokens = context.tokens;
  for (let index = 0; index < tokens.count; index++) {
    if (tokens.kinds[index] === TOKEN_KIND.unrecognized) {
      context.skip(index, index + 1, 'unrecognized-character', `character \`${tokens.texts[index]}\` is not Rust or Verus syntax`);
    }
  }
  let coveredUntil = -1;
  for (const region of scan.errors) {
    if (region.end <= coveredUntil) continue;
    coveredUntil = region.end;
    const first = firstTokenAtOrAfter(context, region.start);
    const end = firstTokenAtOrAfter(context, region.end);
    let onlyUnrecognized = true;
    for (let index = first; index < end && onlyUnrecognized; index++) {
      onlyUnrecognized = tokens.kinds[index] === TOKEN_KIND.unrecognized || /^~+$/.test(tokens.texts[index] ?? '');
    }
    if (end > first && !onlyUnrecognized) {
      context.skip(first, end, 'unparsed-region', `tree-sitter could not parse \`${context.text(first, Math.min(end, first + 6)).replace(/\s+/g, ' ')}\`; the IR around it is best effort`);
    }
  }
  for (const missing of scan.missing) {
    const span = context.source.spanOf(missing.position, missing.position);
    context.skipped.push({
      file: context.file, line: span.lineStart, column: span.columnStart, reason: 'missing-token',
      message: `tree-sitter expected \`${missing.text}\` here and recovered`, span,
    });
  }
}

function firstTokenAtOrAfter(context: ParseContext, position: number): number {
  const starts = context.tokens.starts;
  let low = 0;
  let high = context.tokens.count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] ?? 0) < position) low = middle + 1;
    else high = middle;
  }
  return low;
}
