import { pairBrackets } from './pair-brackets.js';

/**
 * Executable code as canonical tokens with syntax that cannot change its meaning removed, so the
 * guard does not call a reformatting an exec change:
 * - parentheses around a whole `if`/`while` condition (`if (x == 1) {`), around a whole `return`
 *   value (`return (a + b);`) and around a whole `let` initializer (`let y = (a + b);`), unless
 *   they hold a tuple (a top-level comma), nothing, or a braced group (a struct literal in a
 *   condition would not parse without them);
 * - the `;` after an assignment that ends a block (`i += 1;}` vs `i += 1}`): both are `()`.
 * Anything else, a changed operator, a moved or new statement, `(a + b) * c` vs `a + b * c`, still differs.
 */
export function normalizeExecTokens(tokens: readonly string[]): string[] {
  let current = [...tokens];
  for (;;) {
    const next = normalizeOnce(current);
    if (next.length === current.length) return next;
    current = next;
  }
}

const ASSIGNMENTS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=']);
const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);

function normalizeOnce(tokens: readonly string[]): string[] {
  const partners = pairBrackets(tokens);
  const removed = new Set<number>();
  tokens.forEach((token, index) => {
    if (token === '(' && isRedundantGroup(tokens, partners, index)) {
      // A group that exactly fills a redundant one is redundant once the outer goes (same neighbours):
      // take the whole stack now, or `return ((((x))))` costs one pass over the function per level.
      for (let open = index; ; open++) {
        const close = partners[open] as number;
        removed.add(open);
        removed.add(close);
        const inner = open + 1;
        if (tokens[inner] !== '(' || partners[inner] !== close - 1 || !isPlainNonEmptyGroup(tokens, partners, inner)) break;
      }
    } else if (token === ';' && tokens[index + 1] === '}' && endsAssignment(tokens, partners, index)) {
      removed.add(index);
    }
  });
  return tokens.filter((_, index) => !removed.has(index));
}

function isRedundantGroup(tokens: readonly string[], partners: readonly number[], open: number): boolean {
  if (!isPlainNonEmptyGroup(tokens, partners, open)) return false;
  const close = partners[open] ?? -1;
  const before = tokens[open - 1];
  const after = tokens[close + 1];
  if (before === 'if' || before === 'while') return after === '{';
  if (before === 'return') return after === ';' || after === '}' || after === undefined;
  return before === '=' && after === ';' && startsWithLet(tokens, partners, open - 1);
}

function isPlainNonEmptyGroup(tokens: readonly string[], partners: readonly number[], open: number): boolean {
  const close = partners[open] ?? -1;
  return close > open + 1 && isPlainGroup(tokens, partners, open, close);
}

/** No top-level comma (a tuple) and no braced group (struct literal, block) directly inside. */
function isPlainGroup(tokens: readonly string[], partners: readonly number[], open: number, close: number): boolean {
  for (let index = open + 1; index < close; index++) {
    const token = tokens[index];
    if (token === ',' || token === '{') return false;
    if (OPENERS.has(token ?? '')) index = partners[index] ?? index;
  }
  return true;
}

/** Whether the statement holding `index` (walking back over groups to a `;` or an opening bracket) starts with `let`. */
function startsWithLet(tokens: readonly string[], partners: readonly number[], index: number): boolean {
  for (let at = index - 1; at >= 0; at--) {
    const token = tokens[at] ?? '';
    if (token === 'let') return true;
    if (token === ';' || OPENERS.has(token)) return false;
    if (CLOSERS.has(token)) at = partners[at] ?? at;
  }
  return false;
}

/** Whether the statement ending at `semicolon` is an assignment at its top level (and not a `let`). */
function endsAssignment(tokens: readonly string[], partners: readonly number[], semicolon: number): boolean {
  let assignment = false;
  for (let at = semicolon - 1; at >= 0; at--) {
    const token = tokens[at] ?? '';
    if (token === 'let') return false;
    if (token === ';' || OPENERS.has(token)) break;
    if (CLOSERS.has(token)) at = partners[at] ?? at;
    else if (ASSIGNMENTS.has(token)) assignment = true;
  }
  return assignment;
}
