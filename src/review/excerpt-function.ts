import { createTwoFilesPatch } from 'diff';
import { parseVerusSource, type FunctionItem, type VerusFileIr } from '../ir/index.js';

/** One exec function cut out of its file, to check and describe rewrites of it at the cost of its own size. */
export interface FunctionExcerpt {
  /** The function alone inside `verus! { }`, parsed. */
  ir: VerusFileIr;
  /** Its qualified name in the excerpt (the impl or module around it is not part of the excerpt). */
  functionName: string;
  /** Where the function begins in the file (UTF-16 index). */
  start: number;
  /** Whether a file range [start, end) lies inside the function. */
  covers(start: number, end: number): boolean;
  /** The excerpt's text with the file range [start, end) replaced. */
  rewrite(start: number, end: number, replacement: string): string;
  /** The unified diff the whole file would have with this rewrite (context 2), line numbers the file's. */
  diff(start: number, end: number, replacement: string): string;
}

const OPENING = 'verus! {\n';
const CLOSING = '\n} // verus!\n';
const CONTEXT_LINES = 2;

/**
 * A rewrite inside one function leaves the rest of the file as it was, so the guard's views need
 * only the function (its spec view and exec view, and the count of nested functions) and the diff
 * only its lines and the context around them. The excerpt gives both without parsing or diffing the
 * whole file once per rewrite.
 */
export async function excerptFunction(ir: VerusFileIr, fn: FunctionItem): Promise<FunctionExcerpt> {
  const text = ir.source.text;
  const start = ir.source.indexAtByteOffset(fn.span.byteStart);
  const end = ir.source.indexAtByteOffset(fn.span.byteEnd);
  const excerptText = `${OPENING}${text.slice(start, end)}${CLOSING}`;
  const parsed = await parseVerusSource(excerptText, { file: ir.file, requireVerus: false });
  const functionName = parsed.functions[0]?.qualifiedName ?? fn.qualifiedName;
  // The diff's region: whole lines from CONTEXT_LINES before the function to CONTEXT_LINES after it.
  const firstLine = Math.max(0, ir.source.lineIndexAt(start) - CONTEXT_LINES);
  const lastLine = Math.min(ir.source.lineCount - 1, ir.source.lineIndexAt(Math.max(start, end - 1)) + CONTEXT_LINES);
  const regionStart = firstLine === 0 ? 0 : ir.source.indexAtLineColumn(firstLine + 1, 1);
  const regionEnd = lastLine + 1 < ir.source.lineCount ? ir.source.indexAtLineColumn(lastLine + 2, 1) : text.length;
  const region = text.slice(regionStart, regionEnd);
  return {
    ir: parsed,
    functionName,
    start,
    covers: (from, to) => from >= start && to <= end,
    rewrite: (from, to, replacement) => `${OPENING}${text.slice(start, from)}${replacement}${text.slice(to, end)}${CLOSING}`,
    diff: (from, to, replacement) => {
      const mutated = `${text.slice(regionStart, from)}${replacement}${text.slice(to, regionEnd)}`;
      const patch = createTwoFilesPatch(`a/${ir.file}`, `b/${ir.file}`, region, mutated, '', '', { context: CONTEXT_LINES });
      return patch.split('\n').slice(2).map((line) => shiftHunkHeader(line, firstLine)).join('\n');
    },
  };
}

/** `@@ -a,b +c,d @@` of a region diff, moved to the file's line numbers. */
function shiftHunkHeader(line: string, offset: number): string {
  return line.replace(/^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@/, (_match, oldStart: string, oldCount: string | undefined, newStart: string, newCount: string | undefined) => `@@ -${Number(oldStart) + offset}${oldCount ?? ''} +${Number(newStart) + offset}${newCount ?? ''} @@`);
}
