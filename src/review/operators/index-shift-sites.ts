import type { MutationSite } from '../mutation-site.js';
import { allExec, endsOperand, siteOverTokens, textOfTokens, tokenText, type OperatorContext } from './operator-context.js';

/** `v[e]` → `v[e + 1]` and `v[e - 1]` (an index, not an array literal or an attribute). */
export function findIndexShiftSites(context: OperatorContext): MutationSite[] {
  const sites: MutationSite[] = [];
  for (let index = context.exec.first; index < context.exec.end; index++) {
    if (tokenText(context, index) !== '[' || !context.exec.isExec(index) || !endsOperand(context, index - 1)) continue;
    const close = context.ir.tokens.partners[index] ?? -1;
    if (close <= index + 1 || !allExec(context, index + 1, close - 1)) continue;
    const inner = textOfTokens(context, index + 1, close - 1);
    const operand = /^[\w.\s+\-*/()]+$/.test(inner) && !/[<>=&|]/.test(inner) ? inner : `(${inner})`;
    for (const shift of [' + 1', ' - 1']) sites.push(siteOverTokens(context, 'index-shift', index + 1, close - 1, `${operand}${shift}`));
  }
  return sites;
}
