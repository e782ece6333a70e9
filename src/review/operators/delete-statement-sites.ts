import { TOKEN_KIND } from '../../core/source-parser.js';
import type { MutationSite } from '../mutation-site.js';
import { allExec, siteOverTokens, tokenText, type OperatorContext } from './operator-context.js';

const ASSIGNMENTS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=']);
const MUTATING_CALLS = new Set(['push', 'set', 'insert', 'remove', 'pop', 'swap', 'clear', 'truncate']);

/**
 * Deletes a statement ending in `;` that assigns or calls a mutating method (`push`, `set`...).
 * A `let` is never deleted: its binding may be used later, so deleting it would only make a
 * stillborn mutant, and keeping the statement list intact keeps every other statement in place.
 */
export function findDeleteStatementSites(context: OperatorContext): MutationSite[] {
  const sites: MutationSite[] = [];
  for (let index = context.exec.first; index < context.exec.end; index++) {
    if (tokenText(context, index) !== ';' || !context.exec.isExec(index)) continue;
    const first = statementStart(context, index);
    if (first >= index || tokenText(context, first) === 'let' || !allExec(context, first, index)) continue;
    if (!assignsOrMutates(context, first, index)) continue;
    sites.push(siteOverTokens(context, 'delete-statement', first, index, ''));
  }
  return sites;
}

function statementStart(context: OperatorContext, semicolon: number): number {
  const partners = context.ir.tokens.partners;
  let at = semicolon - 1;
  while (at > context.exec.first) {
    const text = tokenText(context, at);
    if (text === ';' || text === '{' || text === '}') return at + 1;
    at = text === ')' || text === ']' ? (partners[at] ?? at) - 1 : at - 1;
  }
  return at + 1;
}

function assignsOrMutates(context: OperatorContext, first: number, last: number): boolean {
  const partners = context.ir.tokens.partners;
  for (let at = first; at < last; at++) {
    const text = tokenText(context, at);
    if (ASSIGNMENTS.has(text) && context.ir.tokens.kinds[at] === TOKEN_KIND.punctuation) return true;
    if (text === '.' && MUTATING_CALLS.has(tokenText(context, at + 1)) && tokenText(context, at + 2) === '(') return true;
    if (text === '(' || text === '[') at = partners[at] ?? at;
  }
  return false;
}
