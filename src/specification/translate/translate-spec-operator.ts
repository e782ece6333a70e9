import { SpecTranslationRefusal, type SpecExpression } from '../syntax/spec-syntax.js';
import { describeSpecType, sameStorage, type SpecType } from '../types/spec-type.js';
import type { SpecTranslator, Translated } from './spec-translator.js';

const NONNEGATIVE: ReadonlySet<string> = new Set(['nat', 'u8', 'u16', 'u32', 'u64', 'u128', 'usize']);

/**
 * `+ - * / %` as checked i128 helpers (Euclidean `/` and `%`, as Verus defines them), bitwise `& | ^`
 * of two bools or two integers of one fixed width, logic, and equality (integers compared wide,
 * anything else stored alike). Shifts are refused: their spec result depends on the operand's width.
 */
export function translateBinary(translator: SpecTranslator, expression: Extract<SpecExpression, { kind: 'binary' }>): Translated {
  const { operator, left, right } = expression;
  switch (operator) {
    case '+':
    case '-':
    case '*':
    case '/':
    case '%': {
      const [a, b] = [translator.wide(left), translator.wide(right)];
      const helper = { '+': 'add', '-': 'sub', '*': 'mul', '/': 'div', '%': 'rem' }[operator];
      const nonnegative = operator === '%' || (operator !== '-' && NONNEGATIVE.has(a.type.name) && NONNEGATIVE.has(b.type.name));
      return { text: `vr_${helper}(${a.text}, ${b.text})`, type: { kind: 'int', name: nonnegative ? 'nat' : 'int' } };
    }
    case '&':
    case '|':
    case '^': {
      const [a, b] = [translator.translate(left), translator.translate(right)];
      if (a.type.kind === 'bool' && b.type.kind === 'bool') return { text: `(${a.text} ${operator} ${b.text})`, type: a.type };
      if (a.type.kind === 'int' && b.type.kind === 'int' && a.type.name === b.type.name && a.type.name !== 'int' && a.type.name !== 'nat') return { text: `(${a.text} ${operator} ${b.text})`, type: a.type };
      throw new SpecTranslationRefusal(`bitwise ${operator} is translated for two bools or two integers of the same fixed-width type only`);
    }
    case '<<':
    case '>>':
      throw new SpecTranslationRefusal(`shift ${operator} is not translated (its spec result depends on the operand's width)`);
    case '&&':
    case '||':
    case '==>':
    case '<==':
    case '<==>':
      return { text: `(${translator.bool(left)} ${operator} ${translator.bool(right)})`, type: { kind: 'bool' } };
    case '==':
    case '!=':
    case '=~=':
    case '=~~=':
      return translateEquality(translator, left, right, operator === '!=');
  }
}

/** Both sides as one type; the side whose type is known goes first (`r == None`, `None == r`). */
export function translatePair(translator: SpecTranslator, left: SpecExpression, right: SpecExpression, expected?: SpecType): [Translated, Translated] {
  if (needsContext(left) && !needsContext(right)) {
    const b = translator.translate(right, expected);
    return [translator.translate(left, b.type), b];
  }
  const a = translator.translate(left, expected);
  return [a, translator.translate(right, a.type)];
}

function translateEquality(translator: SpecTranslator, left: SpecExpression, right: SpecExpression, negated: boolean): Translated {
  // `x == None`: the macro's exec_eq cannot infer None's type (E0275), a match can.
  const none = [left, right].findIndex((side) => side.kind === 'path' && side.segments.length === 1 && side.segments[0] === 'None');
  if (none !== -1) {
    const test = translator.isVariant(translator.translate(none === 0 ? right : left), 'None');
    return negated ? { text: `(!${test.text})`, type: test.type } : test;
  }
  const [a, b] = translatePair(translator, left, right);
  const comparable = (a.type.kind === 'int' && b.type.kind === 'int') || sameStorage(a.type, b.type);
  if (!comparable) throw new SpecTranslationRefusal(`comparing ${describeSpecType(a.type)} with ${describeSpecType(b.type)}`);
  return { text: `(${a.text} ${negated ? '!=' : '=='} ${b.text})`, type: { kind: 'bool' } };
}

/** Verus's chained comparisons become a conjunction of neighbouring pairs. */
export function translateComparison(translator: SpecTranslator, operands: SpecExpression[], operators: string[]): Translated {
  const values = operands.map((operand) => translator.translate(operand, { kind: 'int', name: 'int' }));
  const kinds = new Set(values.map((value) => value.type.kind));
  if (kinds.size !== 1 || !(kinds.has('int') || kinds.has('char'))) throw new SpecTranslationRefusal('an ordering between values that are not all integers (or all chars)');
  const parts = operators.map((operator, position) => `${values[position]!.text} ${operator} ${values[position + 1]!.text}`);
  return { text: `(${parts.join(' && ')})`, type: { kind: 'bool' } };
}

/** Expressions whose type comes from the other side: `None`, `Seq::empty()`, `seq![]`, literals. */
function needsContext(expression: SpecExpression): boolean {
  switch (expression.kind) {
    case 'integer': return true;
    case 'path': return expression.segments.length === 1 && expression.segments[0] === 'None';
    case 'call': return expression.callee.kind === 'path' && ((expression.callee.segments[0] === 'Seq' && expression.callee.generics.length === 0) || (expression.callee.segments[0] === 'Some' && expression.args.every(needsContext)));
    case 'seq-literal': return expression.elements.every(needsContext);
    case 'tuple': return expression.elements.every(needsContext);
    default: return false;
  }
}
