import type { AssumeSpecificationItem } from '../ir-item.js';
import type { ItemBase } from '../item-base.js';
import { parseClauses } from './parse-clauses.js';
import type { ParseContext } from './parse-context.js';
import { FUNCTION_CLAUSE_KEYWORDS } from './parse-function.js';
import { parseParameters } from './parse-parameters.js';
import { parseReturnValue } from './parse-return-value.js';
import { skipGenericArguments } from '../syntax/skip-generic-arguments.js';
import { isOpenAt, isPunctuationAt } from '../syntax/token-predicates.js';

type BaseWithoutSpan = Omit<ItemBase, 'span' | 'name'>;

/** `assume_specification<T> [ path ] (params) -> ret requires .. ensures ..;` at the keyword. */
export function parseAssumeSpecification(context: ParseContext, keyword: number, itemStart: number, limit: number, base: BaseWithoutSpan): { item: AssumeSpecificationItem; end: number } | null {
  const tokens = context.tokens;
  let index = keyword + 1;
  if (isPunctuationAt(tokens, index, '<')) index = skipGenericArguments(tokens, index, limit);
  if (index < 0 || !isOpenAt(tokens, index, '[')) return null;
  const targetClose = tokens.partners[index] ?? index;
  const target = context.text(index + 1, targetClose).replace(/\s+/g, '');
  index = targetClose + 1;
  if (!isOpenAt(tokens, index, '(')) return null;
  const parameters = parseParameters(context, index);
  const returned = parseReturnValue(context, (tokens.partners[index] ?? index) + 1, limit, FUNCTION_CLAUSE_KEYWORDS);
  const { clauses, end: clausesEnd } = parseClauses(context, returned.end, limit, FUNCTION_CLAUSE_KEYWORDS);
  if (!isPunctuationAt(tokens, clausesEnd, ';')) return null;
  const end = clausesEnd + 1;
  return {
    item: { ...base, kind: 'assume-specification', name: target, target, parameters, returnValue: returned.value, clauses, span: context.span(itemStart, end) },
    end,
  };
}
