import { TOKEN_KIND } from '../../core/source-parser.js';
import type { MutationSite } from '../mutation-site.js';
import { allExec, siteOverTokens, textOfTokens, tokenText, type OperatorContext } from './operator-context.js';

/** `if c {` → `if !(c) {`, `while c` → `while !(c)`; `if let` and `while let` are left alone. */
export function findNegateConditionSites(context: OperatorContext): MutationSite[] {
  const sites: MutationSite[] = [];
  const partners = context.ir.tokens.partners;
  for (let index = context.exec.first; index < context.exec.end; index++) {
    const keyword = tokenText(context, index);
    if ((keyword !== 'if' && keyword !== 'while') || context.ir.tokens.kinds[index] !== TOKEN_KIND.word || !context.exec.isExec(index)) continue;
    if (tokenText(context, index + 1) === 'let') continue;
    let stop = index + 1;
    while (stop < context.exec.end && !isConditionEnd(context, stop)) {
      const text = tokenText(context, stop);
      stop = text === '(' || text === '[' ? (partners[stop] ?? stop) + 1 : stop + 1;
    }
    const last = stop - 1;
    if (last <= index || !allExec(context, index + 1, last)) continue;
    sites.push(siteOverTokens(context, 'negate-condition', index + 1, last, `!(${textOfTokens(context, index + 1, last)})`));
  }
  return sites;
}

/** The condition ends at the block's `{` or, for a `while`, at its first loop clause keyword. */
function isConditionEnd(context: OperatorContext, index: number): boolean {
  const text = tokenText(context, index);
  return text === '{' || (!context.exec.isExec(index) && context.ir.tokens.kinds[index] === TOKEN_KIND.word);
}
