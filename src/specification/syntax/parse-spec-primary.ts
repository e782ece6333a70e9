import { SpecTranslationRefusal, type MatchPattern, type SpecExpression, type SpecTypeSyntax } from './spec-syntax.js';
import type { SpecTokenStream } from './spec-token-stream.js';

/** What the primary-expression readers need of the expression parser (parseSpecExpression). */
export interface SpecSubparser {
  readonly tokens: SpecTokenStream;
  expression(minimum: number): SpecExpression;
}

/** `{ let x = e; let (a, b) = t; ...; result }`: a let of a pattern is read as a match of one arm. */
export function parseBlock(parser: SpecSubparser): SpecExpression {
  parser.tokens.expect('{');
  const lets: Array<{ pattern: MatchPattern; value: SpecExpression }> = [];
  while (parser.tokens.eat('let')) {
    const pattern = parsePattern(parser);
    if (parser.tokens.eat(':')) parser.tokens.type();
    parser.tokens.expect('=');
    lets.push({ pattern, value: parser.expression(0) });
    parser.tokens.expect(';');
  }
  let result = parser.expression(0);
  parser.tokens.eat(';');
  parser.tokens.expect('}');
  for (const { pattern, value } of lets.reverse()) {
    result = pattern.kind === 'binding' ? { kind: 'block', bindings: [{ name: pattern.name, value }], result } : { kind: 'match', operand: value, arms: [{ pattern, guard: null, body: result }] };
  }
  return result;
}

/** `match e { p if g => a, q => { b } }` */
export function parseMatch(parser: SpecSubparser): SpecExpression {
  parser.tokens.expect('match');
  const operand = parser.expression(0);
  parser.tokens.expect('{');
  const arms: Extract<SpecExpression, { kind: 'match' }>['arms'] = [];
  while (!parser.tokens.eat('}')) {
    const pattern = parsePattern(parser);
    const guard = parser.tokens.eat('if') ? parser.expression(0) : null;
    parser.tokens.expect('=>');
    const block = parser.tokens.at('{');
    arms.push({ pattern, guard, body: parser.expression(0) });
    if (!parser.tokens.eat(',') && !block && !parser.tokens.at('}')) parser.tokens.fail('expected , or } after a match arm');
  }
  return { kind: 'match', operand, arms };
}

/** A pattern: `_`, a binding, a literal or a range of literals, `Some(p)`, `None`, a tuple, `p | q`. */
export function parsePattern(parser: SpecSubparser): MatchPattern {
  parser.tokens.eat('|');
  const alternatives = [parseSinglePattern(parser)];
  while (parser.tokens.eat('|')) alternatives.push(parseSinglePattern(parser));
  return alternatives.length === 1 ? alternatives[0]! : { kind: 'or', alternatives };
}

function parseSinglePattern(parser: SpecSubparser): MatchPattern {
  const { tokens } = parser;
  if (tokens.eat('(')) {
    const elements: MatchPattern[] = [];
    while (!tokens.eat(')')) {
      elements.push(parsePattern(parser));
      if (!tokens.eat(',') && !tokens.at(')')) tokens.fail('expected , or ) in a tuple pattern');
    }
    return elements.length === 1 ? elements[0]! : { kind: 'tuple', elements };
  }
  const token = tokens.peek();
  if (token.kind === 'integer' || token.kind === 'char' || (token.kind === 'punctuation' && token.text === '-') || token.text === 'true' || token.text === 'false') {
    const low = readLiteral(parser);
    // `..=` is read as `..` then `=`.
    if (!tokens.eat('..')) return { kind: 'literal', value: low };
    const inclusive = tokens.eat('=');
    return { kind: 'range', low, high: readLiteral(parser), inclusive };
  }
  const name = tokens.identifier();
  if (name === '_') return { kind: 'wildcard' };
  if (name === 'None') return { kind: 'none' };
  if (name === 'Some') {
    tokens.expect('(');
    const inner = parsePattern(parser);
    tokens.expect(')');
    return { kind: 'some', inner };
  }
  if (tokens.at('(') || tokens.at('{') || tokens.at('::') || /^[A-Z]/.test(name)) throw new SpecTranslationRefusal(`pattern ${name}: only literals, bindings, _, Some, None and tuples are translated`);
  return { kind: 'binding', name };
}

function readLiteral(parser: SpecSubparser): SpecExpression {
  const { tokens } = parser;
  const negative = tokens.eat('-');
  const token = tokens.next();
  if (token.kind === 'integer') {
    const value: SpecExpression = { kind: 'integer', value: token.value, suffix: token.suffix };
    return negative ? { kind: 'unary', operator: '-', operand: value } : value;
  }
  if (negative) tokens.fail('expected an integer after - in a pattern', token);
  if (token.kind === 'char') return { kind: 'char', text: token.text };
  if (token.text === 'true' || token.text === 'false') return { kind: 'boolean', value: token.text === 'true' };
  return tokens.fail('expected a literal in a pattern', token);
}

/** `if c { a } else if .. { } else { b }` (an if without else has no value in spec code); `if let p = e { a } else { b }` as a match. */
export function parseConditional(parser: SpecSubparser): SpecExpression {
  parser.tokens.expect('if');
  if (parser.tokens.eat('let')) {
    const pattern = parsePattern(parser);
    parser.tokens.expect('=');
    const operand = parser.expression(0);
    const then = parseBlock(parser);
    if (!parser.tokens.eat('else')) throw new SpecTranslationRefusal('an if let without else has no value');
    const otherwise = parser.tokens.at('if') ? parseConditional(parser) : parseBlock(parser);
    return { kind: 'match', operand, arms: [{ pattern, guard: null, body: then }, { pattern: { kind: 'wildcard' }, guard: null, body: otherwise }] };
  }
  const condition = parser.expression(0);
  const then = parseBlock(parser);
  if (!parser.tokens.eat('else')) throw new SpecTranslationRefusal('an if without else has no value');
  const otherwise = parser.tokens.at('if') ? parseConditional(parser) : parseBlock(parser);
  return { kind: 'if', condition, then, otherwise };
}

/** `|i: int| body` (translated only as Seq::new's element function). */
export function parseClosure(parser: SpecSubparser): SpecExpression {
  const parameters: Array<{ name: string; type: SpecTypeSyntax | null }> = [];
  if (!parser.tokens.eat('||')) {
    parser.tokens.expect('|');
    while (!parser.tokens.eat('|')) {
      const name = parser.tokens.identifier();
      parameters.push({ name, type: parser.tokens.eat(':') ? parser.tokens.type() : null });
      if (!parser.tokens.eat(',') && !parser.tokens.at('|')) parser.tokens.fail('expected , or | after a closure parameter');
    }
  }
  return { kind: 'closure', parameters, body: parser.expression(0) };
}

/** `forall|i: int, j: int| body`, triggers skipped. */
export function parseQuantifier(parser: SpecSubparser, quantifier: 'forall' | 'exists'): SpecExpression {
  parser.tokens.next();
  const binders: Array<{ name: string; type: SpecTypeSyntax; untyped?: boolean }> = [];
  if (!parser.tokens.eat('||')) {
    parser.tokens.expect('|');
    while (!parser.tokens.eat('|')) {
      const name = parser.tokens.identifier();
      // An untyped binder is an int: a guard bounds it as it would the type Verus infers, and a narrower use range-checks (panics), never judges.
      binders.push(parser.tokens.eat(':') ? { name, type: parser.tokens.type() } : { name, type: { name: 'int', arguments: [] }, untyped: true });
      if (!parser.tokens.eat(',') && !parser.tokens.at('|')) parser.tokens.fail('expected , or | after a quantifier binder');
    }
  }
  parser.tokens.skipAttributes();
  return { kind: 'quantifier', quantifier, binders, body: parser.expression(0) };
}
