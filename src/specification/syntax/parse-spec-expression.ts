import { SpecTranslationRefusal, type BinaryOperator, type ComparisonOperator, type SpecExpression, type SpecPattern } from './spec-syntax.js';
import { SpecTokenStream } from './spec-token-stream.js';
import { parseBlock, parseClosure, parseConditional, parseMatch, parseQuantifier, type SpecSubparser } from './parse-spec-primary.js';
import { tokenizeSpecText } from './tokenize-spec-text.js';

/** Binding power of each infix operator (higher binds tighter), after verus_syn's Precedence. */
const INFIX: ReadonlyMap<string, { power: number; right: boolean }> = new Map([
  ['<==>', { power: 1, right: false }], ['<==', { power: 2, right: false }], ['==>', { power: 3, right: true }],
  ['||', { power: 4, right: false }], ['&&', { power: 5, right: false }],
  ...['==', '!=', '=~=', '=~~=', '<', '<=', '>', '>='].map((op) => [op, { power: 6, right: false }] as const),
  ['|', { power: 7, right: false }], ['^', { power: 8, right: false }], ['&', { power: 9, right: false }],
  ['<<', { power: 10, right: false }], ['>>', { power: 10, right: false }],
  ['+', { power: 11, right: false }], ['-', { power: 11, right: false }],
  ['*', { power: 12, right: false }], ['/', { power: 12, right: false }], ['%', { power: 12, right: false }],
]);
const CAST_POWER = 13;
const MATCHES_POWER = 14;
const UNARY_POWER = 15;
const ORDERING = new Set(['<', '<=', '>', '>=']);

/** Parses a requires/ensures expression or a spec fn body; throws SpecTranslationRefusal with the reason. */
export function parseSpecExpression(text: string): SpecExpression {
  const parser = new SpecExpressionParser(new SpecTokenStream(tokenizeSpecText(text)));
  return parser.parseAll();
}

/** Parses a type as written in a signature (`Seq<u64>`, `&Self`, `(u8, bool)`). */
export function parseSpecType(text: string): import('./spec-syntax.js').SpecTypeSyntax {
  const tokens = new SpecTokenStream(tokenizeSpecText(text));
  const type = tokens.type();
  if (tokens.peek().kind !== 'end') tokens.fail('expected the end of the type');
  return type;
}

class SpecExpressionParser implements SpecSubparser {
  constructor(readonly tokens: SpecTokenStream) {}

  parseAll(): SpecExpression {
    const expression = this.expression(0);
    if (this.tokens.peek().kind !== 'end') this.tokens.fail('expected the end of the expression');
    return expression;
  }

  expression(minimum: number): SpecExpression {
    if (this.tokens.at('&&&') || this.tokens.at('|||')) return this.bullets();
    let left = this.unary();
    for (;;) {
      const token = this.tokens.peek();
      if (token.kind === 'identifier' && token.text === 'as' && CAST_POWER >= minimum) {
        this.tokens.next();
        left = { kind: 'cast', operand: left, type: this.tokens.type() };
        continue;
      }
      if (token.kind === 'identifier' && (token.text === 'matches' || token.text === 'is') && MATCHES_POWER >= minimum) {
        left = token.text === 'is' ? this.isVariant(left) : this.matches(left);
        continue;
      }
      const infix = token.kind === 'punctuation' ? INFIX.get(token.text) : undefined;
      if (infix === undefined || infix.power < minimum) return left;
      this.tokens.next();
      if (ORDERING.has(token.text)) {
        left = this.comparison(left, token.text as ComparisonOperator);
        continue;
      }
      const right = this.expression(infix.right ? infix.power : infix.power + 1);
      left = { kind: 'binary', operator: token.text as BinaryOperator, left, right };
    }
  }

  /** `a <= b < c`: each operand is compared with the next one, all in one direction. */
  private comparison(first: SpecExpression, operator: ComparisonOperator): SpecExpression {
    const operands = [first, this.expression(7)];
    const operators = [operator];
    while (ORDERING.has(this.tokens.peek().text) && this.tokens.peek().kind === 'punctuation') {
      const next = this.tokens.next().text as ComparisonOperator;
      if (next.startsWith('<') !== operator.startsWith('<')) throw new SpecTranslationRefusal('a comparison chain that mixes < and > has no meaning');
      operators.push(next);
      operands.push(this.expression(7));
    }
    return { kind: 'comparison', operands, operators };
  }

  /** `&&& a &&& b` / `||| a ||| b`; a `matches` bullet binds over the bullets after it. */
  private bullets(): SpecExpression {
    const operator = this.tokens.next().text === '&&&' ? '&&' : '||';
    const items: SpecExpression[] = [];
    do items.push(this.expression(0));
    while (this.tokens.eat(operator === '&&' ? '&&&' : '|||'));
    const fold = (from: number): SpecExpression => {
      const item = items[from]!;
      if (from === items.length - 1) return item;
      if (operator === '&&' && item.kind === 'matches' && item.continuation === null) return { ...item, continuation: { operator: '&&', body: fold(from + 1) } };
      return { kind: 'binary', operator, left: item, right: fold(from + 1) };
    };
    return fold(0);
  }

  private isVariant(operand: SpecExpression): SpecExpression {
    this.tokens.next();
    return { kind: 'is', operand, variant: this.tokens.identifier() };
  }

  /** As verus_syn's parse_matches: the pattern, then `==>` or `&&` and the rest its bindings scope over. */
  private matches(operand: SpecExpression): SpecExpression {
    this.tokens.next();
    const pattern = this.pattern();
    for (const operator of ['==>', '&&'] as const) {
      if (this.tokens.eat(operator)) return { kind: 'matches', operand, pattern, continuation: { operator, body: this.expression(INFIX.get(operator)!.power) } };
    }
    return { kind: 'matches', operand, pattern, continuation: null };
  }

  private pattern(): SpecPattern {
    const name = this.tokens.identifier();
    if (name === 'None') return { kind: 'none' };
    if (name !== 'Some' || !this.tokens.eat('(')) throw new SpecTranslationRefusal(`matches ${name}: only Some(..) and None patterns are translated`);
    const binding = this.tokens.identifier();
    this.tokens.expect(')');
    return { kind: 'some', binding: binding === '_' ? null : binding };
  }

  private unary(): SpecExpression {
    this.tokens.skipAttributes();
    for (const operator of ['!', '-', '*', '&', '&&'] as const) {
      if (!this.tokens.at(operator)) continue;
      this.tokens.next();
      this.tokens.eat('mut');
      const operand = this.expression(UNARY_POWER);
      if (operator === '!' || operator === '-') return { kind: 'unary', operator, operand };
      return { kind: 'unary', operator: '*', operand };
    }
    return this.postfix(this.primary());
  }

  private postfix(base: SpecExpression): SpecExpression {
    let expression = base;
    for (;;) {
      if (this.tokens.eat('.')) {
        const token = this.tokens.next();
        if (token.kind === 'integer') { expression = { kind: 'field', base: expression, name: token.text }; continue; }
        if (token.kind !== 'identifier') this.tokens.fail('expected a field or method name', token);
        if (this.tokens.at('::')) { this.tokens.next(); this.tokens.type(); }
        expression = this.tokens.at('(') ? { kind: 'method', receiver: expression, name: token.text, args: this.arguments('(', ')') } : { kind: 'field', base: expression, name: token.text };
      } else if (this.tokens.eat('[')) {
        const index = this.expression(0);
        this.tokens.expect(']');
        expression = { kind: 'index', base: expression, index };
      } else if (this.tokens.eat('@')) {
        expression = { kind: 'view', base: expression };
      } else if (this.tokens.at('(')) {
        expression = { kind: 'call', callee: expression, args: this.arguments('(', ')') };
      } else {
        return expression;
      }
    }
  }

  private arguments(open: string, close: string): SpecExpression[] {
    this.tokens.expect(open);
    const args: SpecExpression[] = [];
    while (!this.tokens.eat(close)) {
      args.push(this.expression(0));
      if (!this.tokens.eat(',') && !this.tokens.at(close)) this.tokens.fail(`expected , or ${close}`);
    }
    return args;
  }

  private primary(): SpecExpression {
    const token = this.tokens.peek();
    if (token.kind === 'integer') {
      this.tokens.next();
      return { kind: 'integer', value: token.value, suffix: token.suffix };
    }
    if (token.kind === 'char') {
      this.tokens.next();
      return { kind: 'char', text: token.text };
    }
    if (token.kind === 'punctuation') {
      if (token.text === '(') return this.parenthesized();
      if (token.text === '{') return parseBlock(this);
      if (token.text === '|' || token.text === '||') return parseClosure(this);
      this.tokens.fail('expected an expression');
    }
    if (token.kind !== 'identifier') this.tokens.fail('expected an expression');
    switch (token.text) {
      case 'true':
      case 'false':
        this.tokens.next();
        return { kind: 'boolean', value: token.text === 'true' };
      case 'if':
        return parseConditional(this);
      case 'forall':
      case 'exists':
        return parseQuantifier(this, token.text);
      case 'choose':
        throw new SpecTranslationRefusal('choose has no exec counterpart: it picks a value satisfying a predicate, which exec code cannot search for in general');
      case 'match':
        return parseMatch(this);
      case 'move':
        this.tokens.next();
        return parseClosure(this);
    }
    return this.path();
  }

  private path(): SpecExpression {
    const segments = [this.tokens.identifier()];
    const generics = [];
    while (this.tokens.eat('::')) {
      if (this.tokens.at('<')) {
        this.tokens.next();
        while (!this.tokens.eat('>')) {
          generics.push(this.tokens.type());
          if (!this.tokens.eat(',') && !this.tokens.at('>')) this.tokens.fail('expected , or > in a turbofish');
        }
        continue;
      }
      segments.push(this.tokens.identifier());
    }
    if (this.tokens.at('!') && (this.tokens.at('[', 1) || this.tokens.at('(', 1))) {
      this.tokens.next();
      if (segments.join('::') !== 'seq') throw new SpecTranslationRefusal(`macro ${segments.join('::')}! has no exec counterpart here (seq! has)`);
      return { kind: 'seq-literal', elements: this.arguments(this.tokens.at('[') ? '[' : '(', this.tokens.at('[') ? ']' : ')') };
    }
    return { kind: 'path', segments, generics };
  }

  private parenthesized(): SpecExpression {
    this.tokens.expect('(');
    if (this.tokens.eat(')')) return { kind: 'tuple', elements: [] };
    const first = this.expression(0);
    if (this.tokens.eat(')')) return first;
    const elements = [first];
    while (this.tokens.eat(',')) {
      if (this.tokens.at(')')) break;
      elements.push(this.expression(0));
    }
    this.tokens.expect(')');
    return { kind: 'tuple', elements };
  }
}
