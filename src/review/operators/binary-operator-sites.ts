import { TOKEN_KIND } from '../../core/source-parser.js';
import type { MutationOperator } from '../mutation-operator.js';
import type { MutationSite } from '../mutation-site.js';
import { endsOperand, isTypeWord, siteOverTokens, tokenText, type OperatorContext } from './operator-context.js';

const REPLACEMENTS: Record<string, { operator: MutationOperator; with: string[] }> = {
  '<': { operator: 'relational-operator', with: ['<='] },
  '<=': { operator: 'relational-operator', with: ['<'] },
  '>': { operator: 'relational-operator', with: ['>='] },
  '>=': { operator: 'relational-operator', with: ['>'] },
  '==': { operator: 'relational-operator', with: ['!='] },
  '!=': { operator: 'relational-operator', with: ['=='] },
  '+': { operator: 'arithmetic-operator', with: ['-'] },
  '-': { operator: 'arithmetic-operator', with: ['+'] },
  '*': { operator: 'arithmetic-operator', with: ['/'] },
  '/': { operator: 'arithmetic-operator', with: ['*'] },
  '%': { operator: 'arithmetic-operator', with: ['/'] },
  '+=': { operator: 'arithmetic-operator', with: ['-='] },
  '-=': { operator: 'arithmetic-operator', with: ['+='] },
  '*=': { operator: 'arithmetic-operator', with: ['/='] },
  '/=': { operator: 'arithmetic-operator', with: ['*='] },
  '&&': { operator: 'logical-operator', with: ['||'] },
  '||': { operator: 'logical-operator', with: ['&&'] },
};

/** Relational, arithmetic and logical operator replacement on binary operators of exec code. */
export function findBinaryOperatorSites(context: OperatorContext, operator: MutationOperator): MutationSite[] {
  const sites: MutationSite[] = [];
  for (let index = context.exec.first; index < context.exec.end; index++) {
    const entry = REPLACEMENTS[tokenText(context, index)];
    if (entry === undefined || entry.operator !== operator || context.ir.tokens.kinds[index] !== TOKEN_KIND.punctuation || !context.exec.isExec(index)) continue;
    if (!isBinary(context, index)) continue;
    for (const replacement of entry.with) sites.push(siteOverTokens(context, operator, index, index, replacement));
  }
  return sites;
}

function isBinary(context: OperatorContext, index: number): boolean {
  const text = tokenText(context, index);
  const previous = tokenText(context, index - 1);
  const next = tokenText(context, index + 1);
  if (!endsOperand(context, index - 1)) return false;
  if (text === '<' || text === '>') {
    // Generic brackets: `Vec<u64>`, `Vec::<u64>::new()`, `Option<usize>`.
    if (previous === '::' || isTypeWord(previous) || isTypeWord(next) || next === '>' || previous === '>') return false;
  }
  if (text === '||' && tokenText(context, index - 1) === '(') return false;
  return true;
}
