import { InputError } from '../../core/errors.js';
import type { Block } from '../block.js';
import type { FunctionItem } from '../function-item.js';
import type { Loop } from '../loop.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** Finds a function by qualified name (`Counter::increment`), or by plain name when that is unique. */
export function findFunction(ir: VerusFileIr, name: string): FunctionItem {
  const exact = ir.functions.filter((fn) => fn.qualifiedName === name);
  const matches = exact.length > 0 ? exact : ir.functions.filter((fn) => fn.name === name);
  const first = matches[0];
  if (first === undefined) throw targetError(ir, 'unknown-function', `no function named \`${name}\``);
  if (matches.length > 1) {
    throw targetError(ir, 'ambiguous-function', `${matches.length} functions are named \`${name}\`: ${matches.map((fn) => fn.qualifiedName).join(', ')}`);
  }
  return first;
}

/** Finds a loop by id (`binary_search/loop#0`) together with its function. */
export function findLoop(ir: VerusFileIr, loopId: string): { fn: FunctionItem; loop: Loop } {
  for (const fn of ir.functions) {
    const loop = fn.loops.find((candidate) => candidate.id === loopId);
    if (loop !== undefined) return { fn, loop };
  }
  throw targetError(ir, 'unknown-loop', `no loop with id \`${loopId}\``);
}

/** The body of a function, or of one of its loops. */
export function findBlock(ir: VerusFileIr, functionName: string, loopId: string | null): { fn: FunctionItem; block: Block } {
  if (loopId !== null) {
    const { fn, loop } = findLoop(ir, loopId);
    return { fn, block: loop.body };
  }
  const fn = findFunction(ir, functionName);
  if (fn.body === null) throw targetError(ir, 'no-body', `function \`${fn.qualifiedName}\` has no body`);
  return { fn, block: fn.body };
}

/** The spaces and tabs that start the line holding a byte offset. */
export function lineIndentation(ir: VerusFileIr, byteOffset: number): string {
  const source = ir.source;
  const index = source.indexAtByteOffset(byteOffset);
  const lineStart = source.indexAtLineColumn(source.lineIndexAt(index) + 1, 1);
  return /^[ \t]*/.exec(source.text.slice(lineStart, index))?.[0] ?? '';
}

/** Whether only spaces and tabs precede the byte offset on its line. */
export function startsLine(ir: VerusFileIr, byteOffset: number): boolean {
  const source = ir.source;
  const index = source.indexAtByteOffset(byteOffset);
  const lineStart = source.indexAtLineColumn(source.lineIndexAt(index) + 1, 1);
  return /^[ \t]*$/.test(source.text.slice(lineStart, index));
}

export function targetError(ir: VerusFileIr, reason: string, message: string): InputError {
  return new InputError(reason, message, { file: ir.file, line: 1, column: 1 });
}
