import type { FunctionItem, VerusFileIr } from '../ir/index.js';
import type { Adaptation } from './adaptation.js';
import { adaptSpecText } from './adapt-spec-text.js';

/** A spec fn of the crate, rewritten for the macro (or why it cannot be), and the spec fns it calls. */
export interface SpecFunctionSource {
  name: string;
  file: string;
  line: number;
  source: Adaptation;
  calls: string[];
}

const NO_OLD = new Map<string, string>();

/** Every free, non-generic spec fn with a body, by name: the ones the checked clauses may call. */
export function collectSpecFunctions(files: readonly VerusFileIr[]): Map<string, SpecFunctionSource> {
  const found = new Map<string, SpecFunctionSource>();
  const candidates = files.flatMap((ir) => ir.functions.filter((fn) => fn.baseMode === 'spec' && fn.owner === null && fn.insideVerus).map((fn) => ({ ir, fn })));
  const names = candidates.map(({ fn }) => fn.name);
  for (const { ir, fn } of candidates) {
    const body = fn.body === null ? '' : ir.source.sliceBytes(fn.body.span.byteStart, fn.body.span.byteEnd);
    found.set(fn.name, { name: fn.name, file: ir.file, line: fn.nameSpan.lineStart, source: specFunctionText(fn, body), calls: findCalls(body, names) });
  }
  return found;
}

/** The names of `spec` functions a text calls. */
export function findCalls(text: string, names: readonly string[]): string[] {
  return names.filter((name) => new RegExp(String.raw`(?<![\w.:])${name}\s*\(`).test(text));
}

function specFunctionText(fn: FunctionItem, body: string): Adaptation {
  if (fn.body === null) return { ok: false, reason: `spec fn ${fn.name} has no body (uninterpreted)` };
  if (fn.generics !== null || fn.whereClause !== null) return { ok: false, reason: `spec fn ${fn.name} is generic; the macro compiles only non-generic spec fns` };
  const typed = fn.parameters.map((parameter) => ({ name: parameter.pattern.text, type: parameter.type?.text ?? '' }));
  const intTyped = typed.find((parameter) => /\b(int|nat)\b/.test(parameter.type)) ?? (fn.returnValue !== null && /\b(int|nat)\b/.test(fn.returnValue.type.text) ? { name: 'its result', type: fn.returnValue.type.text } : undefined);
  if (intTyped !== undefined) return { ok: false, reason: `spec fn ${fn.name}: ${intTyped.name} has type ${intTyped.type}; the macro compiles only primitive integer types, not int or nat` };
  const adapted = adaptSpecText(body.slice(1, -1), { oldNames: NO_OLD });
  if (!adapted.ok) return { ok: false, reason: `spec fn ${fn.name}: ${adapted.reason}` };
  const decreases = fn.clauses.find((clause) => clause.kind === 'decreases');
  const returned = fn.returnValue === null ? '' : ` -> ${fn.returnValue.type.text}`;
  const signature = `spec fn ${fn.name}(${typed.map((parameter) => `${parameter.name}: ${parameter.type}`).join(', ')})${returned}`;
  return { ok: true, text: `${signature}${decreases === undefined ? '' : `\n    decreases ${decreases.expressions.map((e) => e.text).join(', ')}`}\n{\n    ${adapted.text}\n}` };
}
