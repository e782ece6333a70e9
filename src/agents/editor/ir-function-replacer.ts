import type { SourceParser } from '../../core/source-parser.js';
import { InputError, isVerusRepairError } from '../../core/errors.js';
import { applyTextEdits, buildVerusIr, replaceFunction, type TextEdit, type VerusFileIr } from '../../ir/index.js';
import type { FunctionReplacement } from '../protocol/candidate-submission.js';
import type { FunctionReplacer, SnippetSplitter } from './source-candidate-applier.js';

/** Skipped-note reasons that mean the code did not parse cleanly. */
const PARSE_FAILURES = new Set(['unparsed-region', 'missing-token', 'unrecognized-character']);

/**
 * Function replacement and snippet splitting on the Verus IR. Each replacement must parse as one
 * function item with the name it claims and name exactly one function of the file (`Type::method`
 * when the short name is ambiguous); the IR's replace-function edits are applied together, and the
 * result must parse again.
 */
export function createIrFunctionTools(parser: SourceParser, file: string): { replaceFunctions: FunctionReplacer; splitSnippet: SnippetSplitter } {
  const parse = (text: string): VerusFileIr | string => {
    try {
      const ir = buildVerusIr(text, parser.scan(text), { file, requireVerus: false });
      const broken = ir.skipped.find((note) => PARSE_FAILURES.has(note.reason));
      return broken === undefined ? ir : `line ${broken.line}: ${broken.message}`;
    } catch (error) {
      if (isVerusRepairError(error)) return error.message;
      throw error;
    }
  };
  const replaceFunctions: FunctionReplacer = (source, replacements) => {
    const original = parse(source);
    if (typeof original === 'string') return { status: 'rejected', problem: `the file under repair does not parse (${original})` };
    const edits: TextEdit[] = [];
    for (const replacement of replacements) {
      try {
        edits.push(replaceFunction(original, replacement.name, replacement.code));
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        const known = original.functions.map((fn) => fn.qualifiedName).slice(0, 30).join(', ');
        return { status: 'rejected', problem: `${error.message.replace(/^[^:]*:\d+:\d+: /, '')} in the file (functions: ${known})` };
      }
      const problem = checkReplacement(parse, replacement);
      if (problem !== null) return { status: 'rejected', problem };
    }
    const text = applyTextEdits(original, edits);
    const reparsed = parse(text);
    return typeof reparsed === 'string' ? { status: 'rejected', problem: `the file does not parse after the replacement (${reparsed})` } : { status: 'applied', source: text };
  };
  const splitSnippet: SnippetSplitter = (code) => {
    const ir = parse(`verus! {\n${code}\n}\n`);
    if (typeof ir === 'string') return { status: 'rejected', problem: `the rust block does not parse (${ir})` };
    const others = ir.items.flatMap((item) => (item.kind === 'impl' ? item.items : [item])).filter((item) => item.kind !== 'function');
    if (others.length > 0) return { status: 'rejected', problem: `the rust block holds a ${others[0]!.kind} item; a code block may only hold whole functions, otherwise submit the whole file` };
    if (ir.functions.length === 0) return { status: 'rejected', problem: 'the rust block holds no function' };
    return { status: 'split', functions: ir.functions.map((fn) => ({ name: fn.qualifiedName, code: ir.source.sliceBytes(fn.span.byteStart, fn.span.byteEnd) })) };
  };
  return { replaceFunctions, splitSnippet };
}

function checkReplacement(parse: (text: string) => VerusFileIr | string, replacement: FunctionReplacement): string | null {
  const wrapped = parse(`verus! {\n${replacement.code}\n}\n`);
  if (typeof wrapped === 'string') return `the code for "${replacement.name}" does not parse (${wrapped})`;
  const items = wrapped.items;
  const only = items.length === 1 && items[0]!.kind === 'function' ? items[0]! : null;
  if (only === null) return `the code for "${replacement.name}" must be exactly one whole function, found ${items.length} item(s)`;
  if (only.name !== replacement.name.split('::').at(-1)) return `the code for "${replacement.name}" defines fn ${only.name}; keep the function's name`;
  return null;
}
