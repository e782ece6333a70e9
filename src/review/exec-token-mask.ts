import type { Span } from '../core/span.js';
import { tokenRangeOfSpan, type FunctionItem, type VerusFileIr } from '../ir/index.js';

/** The token indices [first, end) of an exec function's body, and which of them are executable code. */
export interface ExecTokens {
  first: number;
  end: number;
  isExec(index: number): boolean;
}

/**
 * Marks the body tokens of `fn` that are executable: everything in the body except loop clauses,
 * proof statements (asserts, assumes, proof blocks, lemma calls, reveals), `let ghost`/`let tracked`
 * statements and attributes. Operators only propose rewrites of these tokens; the guard's views
 * then confirm each mutant changed exec code and no spec (see generateMutants).
 */
export function markExecTokens(ir: VerusFileIr, fn: FunctionItem): ExecTokens | null {
  if (fn.baseMode !== 'exec' || fn.body === null) return null;
  const [first, end] = tokenRangeOfSpan(ir, fn.body.span);
  const ghost = new Uint8Array(end - first);
  const mark = (span: Span) => {
    const [from, to] = tokenRangeOfSpan(ir, span);
    ghost.fill(1, Math.max(from - first, 0), Math.max(Math.min(to, end) - first, 0));
  };
  for (const loop of fn.loops) for (const clause of loop.clauses) mark(clause.span);
  for (const statement of fn.proofStatements) mark(statement.span);
  const texts = ir.tokens.texts;
  for (let index = first; index < end; index++) {
    if (texts[index] === 'let' && (texts[index + 1] === 'ghost' || texts[index + 1] === 'tracked')) {
      let stop = index;
      while (stop < end && texts[stop] !== ';') stop = texts[stop] === '{' || texts[stop] === '(' || texts[stop] === '[' ? (ir.tokens.partners[stop] ?? stop) + 1 : stop + 1;
      ghost.fill(1, index - first, Math.min(stop + 1, end) - first);
    } else if (texts[index] === '#' && texts[index + 1] === '[') {
      const close = ir.tokens.partners[index + 1] ?? index + 1;
      ghost.fill(1, index - first, Math.min(close + 1, end) - first);
    } else if (texts[index] === 'proof' && texts[index + 1] === '{') {
      const close = ir.tokens.partners[index + 1] ?? index + 1;
      ghost.fill(1, index - first, Math.min(close + 1, end) - first);
    }
  }
  return { first, end, isExec: (index) => index > first && index < end - 1 && ghost[index - first] !== 1 };
}
