import type { VerusFileIr } from '../../ir/index.js';
import { fileLines, type DisplayLine } from './display-line.js';
import type { ContextItem } from './select-context-items.js';

const HEADERS: Record<ContextItem['role'], string> = {
  target: 'to repair',
  failing: 'has a failing check',
  spec: 'spec fn',
  callee: 'called: signature and specification, body omitted',
  lemma: 'lemma: signature and specification, body omitted',
  type: 'type definition',
};

/** The display lines of one context item: a short header, then its file lines (body elided for signatures). */
export function renderContextSection(ir: VerusFileIr, sourceLines: readonly string[], entry: ContextItem): DisplayLine[] {
  const { item } = entry;
  const header: DisplayLine = { number: null, text: `// ${item.kind === 'function' ? `fn ${item.qualifiedName}` : item.name} (${HEADERS[entry.role]})` };
  if (entry.detail === 'full' || item.kind !== 'function' || item.body === null) {
    return [header, ...fileLines(sourceLines, item.span.lineStart, item.span.lineEnd)];
  }
  const body = item.body.span;
  const lines = fileLines(sourceLines, item.span.lineStart, body.lineStart - 1);
  const openingLine = [...(sourceLines[body.lineStart - 1] ?? '')];
  const beforeBrace = openingLine.slice(0, body.columnStart - 1).join('');
  if (beforeBrace.trim() === '') lines.push({ number: null, text: `${beforeBrace}{ ... }` });
  else lines.push({ number: body.lineStart, text: `${beforeBrace}{ ... }` });
  return [header, ...lines];
}
