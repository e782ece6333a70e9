import { findFunction, lineIndentation, targetError } from './find-edit-target.js';
import type { TextEdit } from './text-edit.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/**
 * Replaces a function's body (braces included). `body` may be a whole `{ ... }` block; otherwise it is
 * wrapped in braces with its lines indented one step past the function.
 */
export function replaceFunctionBody(ir: VerusFileIr, functionName: string, body: string): TextEdit {
  const fn = findFunction(ir, functionName);
  if (fn.body === null) throw targetError(ir, 'no-body', `function \`${fn.qualifiedName}\` has no body to replace`);
  const trimmed = body.trim();
  let replacement = trimmed;
  if (!(trimmed.startsWith('{') && trimmed.endsWith('}'))) {
    const indentation = lineIndentation(ir, fn.signatureSpan.byteStart);
    const lines = trimmed.split('\n').map((line) => (line.trim() === '' ? '' : `${indentation}    ${line.trimEnd()}`));
    replacement = `{\n${lines.join('\n')}\n${indentation}}`;
  }
  return { byteStart: fn.body.span.byteStart, byteEnd: fn.body.span.byteEnd, replacement, description: `replace body of ${fn.qualifiedName}` };
}

/** Replaces a whole function, outer attributes included, with `text`. */
export function replaceFunction(ir: VerusFileIr, functionName: string, text: string): TextEdit {
  const fn = findFunction(ir, functionName);
  return { byteStart: fn.span.byteStart, byteEnd: fn.span.byteEnd, replacement: text.trim(), description: `replace function ${fn.qualifiedName}` };
}
