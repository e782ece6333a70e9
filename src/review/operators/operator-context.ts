import { TOKEN_KIND } from '../../core/source-parser.js';
import type { FunctionItem, VerusFileIr } from '../../ir/index.js';
import type { ExecTokens } from '../exec-token-mask.js';
import type { MutationOperator } from '../mutation-operator.js';
import type { MutationSite } from '../mutation-site.js';

/** What every operator reads: the file's IR, the exec function and which of its tokens are executable. */
export interface OperatorContext {
  ir: VerusFileIr;
  fn: FunctionItem;
  exec: ExecTokens;
}

/** Proposes the rewrites of one operator in one function; pure. */
export type MutationOperatorFunction = (context: OperatorContext) => MutationSite[];

export function tokenText(context: OperatorContext, index: number): string {
  return context.ir.tokens.texts[index] ?? '';
}

/** A site replacing the tokens [first, last] (inclusive) with `replacement`. */
export function siteOverTokens(context: OperatorContext, operator: MutationOperator, first: number, last: number, replacement: string): MutationSite {
  const tokens = context.ir.tokens;
  return { operator, function: context.fn.qualifiedName, start: tokens.starts[first] ?? 0, end: tokens.ends[last] ?? 0, replacement };
}

/** The source text of tokens [first, last] (inclusive). */
export function textOfTokens(context: OperatorContext, first: number, last: number): string {
  const tokens = context.ir.tokens;
  return context.ir.source.text.slice(tokens.starts[first] ?? 0, tokens.ends[last] ?? 0);
}

/** Whether every token in [first, last] is executable code. */
export function allExec(context: OperatorContext, first: number, last: number): boolean {
  for (let index = first; index <= last; index++) if (!context.exec.isExec(index)) return false;
  return true;
}

const PRIMITIVE_TYPES = new Set(['u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'bool', 'char', 'int', 'nat', 'str']);

/** Whether the word looks like a type (`Vec`, `u64`): `<` and `>` next to it are generic brackets. */
export function isTypeWord(text: string): boolean {
  return PRIMITIVE_TYPES.has(text) || /^[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*$/.test(text);
}

/** Whether the token ends an operand (so a following `-`, `*` or `&` is binary, not unary). */
export function endsOperand(context: OperatorContext, index: number): boolean {
  const kind = context.ir.tokens.kinds[index];
  const text = tokenText(context, index);
  if (text === ')' || text === ']') return true;
  if (kind === TOKEN_KIND.literal) return true;
  return kind === TOKEN_KIND.word && !RUST_KEYWORDS.has(text);
}

export const RUST_KEYWORDS = new Set(['if', 'else', 'while', 'for', 'loop', 'match', 'return', 'let', 'mut', 'in', 'as', 'break', 'continue', 'fn', 'ref', 'move', 'unsafe', 'where', 'impl', 'dyn', 'struct', 'enum', 'use', 'pub', 'mod', 'const', 'static', 'type', 'trait', 'crate', 'super']);
