const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);

/** Partner indices of the brackets among token texts (-1 when unmatched); literals arrive as single tokens. */
export function pairBrackets(texts: readonly string[]): number[] {
  const partners = new Array<number>(texts.length).fill(-1);
  const stack: number[] = [];
  texts.forEach((text, index) => {
    if (OPENERS.has(text)) stack.push(index);
    else if (CLOSERS.has(text)) {
      const open = stack.pop();
      if (open === undefined) return;
      partners[open] = index;
      partners[index] = open;
    }
  });
  return partners;
}
