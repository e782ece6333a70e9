import { TOKEN_KIND } from '../../core/source-parser.js';
import type { MutationSite } from '../mutation-site.js';
import { RUST_KEYWORDS, allExec, siteOverTokens, tokenText, type OperatorContext } from './operator-context.js';

/** `f(a, b)` → `f(b, a)` when `a` and `b` are distinct exec parameters of the same type. */
export function findSwapArgumentsSites(context: OperatorContext): MutationSite[] {
  const types = new Map<string, string>();
  for (const parameter of context.fn.parameters) {
    if (parameter.mode === 'exec' && !parameter.isSelf && parameter.type !== null) types.set(parameter.name, parameter.type.text.replace(/\s+/g, ''));
  }
  const sites: MutationSite[] = [];
  for (let index = context.exec.first; index < context.exec.end; index++) {
    const callee = tokenText(context, index - 1);
    if (tokenText(context, index) !== '(' || !context.exec.isExec(index) || context.ir.tokens.kinds[index - 1] !== TOKEN_KIND.word || RUST_KEYWORDS.has(callee)) continue;
    const close = context.ir.tokens.partners[index] ?? -1;
    if (close <= index || !allExec(context, index, close)) continue;
    const words: number[] = [];
    let simple = true;
    for (let at = index + 1; at < close; at++) {
      if ((at - index) % 2 === 1) {
        if (context.ir.tokens.kinds[at] !== TOKEN_KIND.word) simple = false;
        words.push(at);
      } else if (tokenText(context, at) !== ',') simple = false;
    }
    if (!simple) continue;
    for (let position = 0; position + 1 < words.length; position++) {
      const left = tokenText(context, words[position] ?? -1);
      const right = tokenText(context, words[position + 1] ?? -1);
      const leftType = types.get(left);
      if (left === right || leftType === undefined || leftType !== types.get(right)) continue;
      sites.push(siteOverTokens(context, 'swap-arguments', words[position] ?? 0, words[position + 1] ?? 0, `${right}, ${left}`));
    }
  }
  return sites;
}
