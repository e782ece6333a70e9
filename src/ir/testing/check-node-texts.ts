import { assertNever } from '../../core/assert-never.js';
import type { Span } from '../../core/span.js';
import type { Block } from '../block.js';
import type { ProofStatement } from '../proof-statement.js';
import type { VerusFileIr } from '../verus-file-ir.js';
import { sliceSpanBytes } from './parse-snippet.js';

/**
 * Test helper: checks that each node's span, cut from the UTF-8 bytes, is that node's own text as the
 * grammar says it must look (a function's name span is its name, a clause starts with its keyword, a loop
 * with its label or keyword, a block with `{`...), and that spans nest. Unlike comparing a node's `text`
 * with its span (both come from one parse), these expectations are stated here, so a shifted span fails.
 * Returns the problems (empty when every node is its own text).
 */
export function checkNodeTexts(ir: VerusFileIr): string[] {
  const problems: string[] = [];
  const slice = (span: Span): string => sliceSpanBytes(ir, span);
  const expect = (ok: boolean, what: string, span: Span): void => {
    if (!ok) problems.push(`${what}: span ${span.lineStart}:${span.columnStart}-${span.lineEnd}:${span.columnEnd} slices ${JSON.stringify(slice(span).slice(0, 80))}`);
  };
  const within = (inner: Span, outer: Span, what: string): void => expect(outer.byteStart <= inner.byteStart && inner.byteEnd <= outer.byteEnd, `${what} lies outside its parent`, inner);
  const checkBlock = (block: Block, what: string, parent: Span): void => {
    const text = slice(block.span);
    expect(text.startsWith('{') && text.endsWith('}'), `${what} is not a braced block`, block.span);
    within(block.span, parent, what);
    for (const statement of block.statements) {
      const statementText = slice(statement.span);
      expect(statementText !== '' && statementText === statementText.trim(), `${what} statement ${statement.index} is empty or untrimmed`, statement.span);
      expect(!statement.hasSemicolon || statementText.endsWith(';'), `${what} statement ${statement.index} lacks its ;`, statement.span);
      within(statement.span, block.span, `${what} statement ${statement.index}`);
    }
  };
  for (const macro of ir.verusMacros) expect(/^verus\s*!/.test(slice(macro)) && /[}\])]$/.test(slice(macro)), 'verus! invocation', macro);
  for (const fn of ir.functions) {
    const name = fn.qualifiedName;
    expect(slice(fn.nameSpan) === fn.name, `${name} name`, fn.nameSpan);
    expect(new RegExp(`\\bfn\\s+${fn.name}\\b`).test(slice(fn.signatureSpan)), `${name} signature`, fn.signatureSpan);
    expect(slice(fn.span).endsWith(fn.body === null ? ';' : '}'), `${name} item end`, fn.span);
    within(fn.signatureSpan, fn.span, `${name} signature`);
    for (const clause of [...fn.clauses, ...fn.loops.flatMap((loop) => loop.clauses)]) {
      expect(slice(clause.keyword.span) === clause.kind, `${name} ${clause.kind} keyword`, clause.keyword.span);
      expect(slice(clause.span).startsWith(clause.kind), `${name} ${clause.kind} clause`, clause.span);
      within(clause.span, fn.span, `${name} ${clause.kind} clause`);
      for (const expression of clause.expressions) {
        const text = slice(expression.span);
        expect(text !== '' && text === text.trim() && !text.endsWith(','), `${name} ${clause.kind} expression ${expression.index}`, expression.span);
        within(expression.span, clause.span, `${name} ${clause.kind} expression ${expression.index}`);
      }
    }
    if (fn.body !== null) checkBlock(fn.body, `${name} body`, fn.span);
    for (const loop of fn.loops) {
      const opening = loop.label === null ? loop.kind : `${loop.label}:`;
      expect(slice(loop.span).startsWith(opening) && slice(loop.span).endsWith('}'), `${loop.id} span`, loop.span);
      expect(slice(loop.headerSpan).startsWith(opening), `${loop.id} header`, loop.headerSpan);
      if (loop.condition !== null) expect(slice(loop.headerSpan).endsWith(slice(loop.condition.span)), `${loop.id} condition ends the header`, loop.condition.span);
      within(loop.span, fn.body?.span ?? fn.span, loop.id);
      checkBlock(loop.body, `${loop.id} body`, loop.span);
    }
    for (const statement of fn.proofStatements) {
      expect(new RegExp(`^${openingOf(statement)}`).test(slice(statement.span)), `${name} ${statement.kind}`, statement.span);
      within(statement.span, fn.body?.span ?? fn.span, `${name} ${statement.kind}`);
      if (statement.kind === 'lemma-call') expect(slice(statement.calleeSpan) === statement.callee, `${name} lemma callee`, statement.calleeSpan);
      if (statement.kind === 'proof-block') checkBlock(statement.block, `${name} proof block`, statement.span);
    }
  }
  return problems;
}

/** How a proof statement's own text starts, as a regular expression. */
function openingOf(statement: ProofStatement): string {
  switch (statement.kind) {
    case 'assert':
    case 'assert-forall':
      return 'assert\\b';
    case 'assume':
      return 'assume\\b';
    case 'admit':
      return 'admit\\b';
    case 'proof-block':
      return 'proof\\s*\\{';
    case 'lemma-call':
      return statement.callee.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    case 'reveal':
      return `${statement.macro}\\b`;
    default:
      return assertNever(statement, 'proof statement');
  }
}
