import { SpecTranslationRefusal, type SpecExpression, type SpecTypeSyntax } from './spec-syntax.js';
import type { SpecTokenStream } from './spec-token-stream.js';

/** What the primary-expression readers need of the expression parser (parseSpecExpression). */
export interface SpecSubparser {
  readonly tokens: SpecTokenStream;
  expression(minimum: number): SpecExpression;
}

/** `{ let x = e; ...; result }` */
export function parseBlock(parser: SpecSubparser): SpecExpression {
  parser.tokens.expect('{');
  const bindings: Array<{ name: string; value: SpecExpression }> = [];
  while (parser.tokens.eat('let')) {
    const name = parser.tokens.identifier();
    if (parser.tokens.eat(':')) parser.tokens.type();
    parser.tokens.expect('=');
    bindings.push({ name, value: parser.expression(0) });
    parser.tokens.expect(';');
  }
  const result = parser.expression(0);
  parser.tokens.eat(';');
  parser.tokens.expect('}');
  return bindings.length === 0 ? result : { kind: 'block', bindings, result };
}

/** `if c { a } else if .. { } else { b }` (an if without else has no value in spec code). */
export function parseConditional(parser: SpecSubparser): SpecExpression {
  parser.tokens.expect('if');
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
  const binders: Array<{ name: string; type: SpecTypeSyntax }> = [];
  if (!parser.tokens.eat('||')) {
    parser.tokens.expect('|');
    while (!parser.tokens.eat('|')) {
      const name = parser.tokens.identifier();
      if (!parser.tokens.eat(':')) throw new SpecTranslationRefusal(`quantifier ${quantifier}|${name}| has an untyped binder`);
      binders.push({ name, type: parser.tokens.type() });
      if (!parser.tokens.eat(',') && !parser.tokens.at('|')) parser.tokens.fail('expected , or | after a quantifier binder');
    }
  }
  parser.tokens.skipAttributes();
  return { kind: 'quantifier', quantifier, binders, body: parser.expression(0) };
}
