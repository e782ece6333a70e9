/**
 * Whether a requires expression is a literal falsehood (`false`, `!true`, `(false)`, `0 == 1`,
 * `true == false`, `1 > 2` ...), which would make every proof of the function vacuous. Input is
 * the IR's canonical token text (tokens separated by single spaces).
 */
export function isLiteralFalse(canonical: string): boolean {
  let text = canonical.replace(/\s+/g, '');
  while (text.startsWith('(') && text.endsWith(')') && balanced(text.slice(1, -1))) text = text.slice(1, -1);
  let negations = 0;
  while (text.startsWith('!')) {
    negations += 1;
    text = text.slice(1);
    while (text.startsWith('(') && text.endsWith(')') && balanced(text.slice(1, -1))) text = text.slice(1, -1);
  }
  const value = literalValue(text);
  if (value === null) return false;
  return negations % 2 === 0 ? value === false : value === true;
}

function literalValue(text: string): boolean | null {
  if (text === 'false') return false;
  if (text === 'true') return true;
  const comparison = /^(-?\d+|true|false)(==|!=|<=|>=|<|>)(-?\d+|true|false)$/.exec(text.replace(/(int|nat|u\d+|i\d+|usize|isize)\b/g, ''));
  if (comparison === null) return null;
  const [, left = '', operator, right = ''] = comparison;
  const number = (value: string): number => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value));
  const [a, b] = [number(left), number(right)];
  switch (operator) {
    case '==': return a === b;
    case '!=': return a !== b;
    case '<=': return a <= b;
    case '>=': return a >= b;
    case '<': return a < b;
    default: return a > b;
  }
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const character of text) {
    if (character === '(') depth += 1;
    else if (character === ')' && --depth < 0) return false;
  }
  return depth === 0;
}
