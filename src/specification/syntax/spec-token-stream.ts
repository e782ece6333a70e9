import { SpecTranslationRefusal, type SpecTypeSyntax } from './spec-syntax.js';
import type { SpecToken } from './tokenize-spec-text.js';

/** A cursor over spec tokens with the type reader shared by casts, binders and turbofish. */
export class SpecTokenStream {
  private position = 0;

  constructor(private readonly tokens: SpecToken[]) {}

  peek(offset = 0): SpecToken {
    return this.tokens[Math.min(this.position + offset, this.tokens.length - 1)]!;
  }

  next(): SpecToken {
    const token = this.peek();
    if (token.kind !== 'end') this.position++;
    return token;
  }

  at(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind !== 'integer' && token.text === text;
  }

  eat(text: string): boolean {
    if (!this.at(text)) return false;
    this.next();
    return true;
  }

  expect(text: string): void {
    if (!this.eat(text)) this.fail(`expected ${text}`);
  }

  identifier(): string {
    const token = this.next();
    if (token.kind !== 'identifier') this.fail('expected a name', token);
    return token.text;
  }

  fail(what: string, token: SpecToken = this.peek()): never {
    throw new SpecTranslationRefusal(`cannot read the expression: ${what}, found ${token.kind === 'end' ? 'its end' : JSON.stringify(token.text)}`);
  }

  /** Skips `#[...]` and `#![...]` (triggers and other attributes mean nothing at run time). */
  skipAttributes(): void {
    while (this.at('#')) {
      this.next();
      this.eat('!');
      this.expect('[');
      for (let depth = 1; depth > 0; ) {
        const token = this.next();
        if (token.kind === 'end') this.fail('expected ]');
        if (token.text === '[') depth++;
        else if (token.text === ']') depth--;
      }
    }
  }

  /** `u64`, `Seq<u64>`, `vstd::seq::Seq<Seq<u8>>`, `(u8, bool)`, `&mut T` (the reference dropped). */
  type(): SpecTypeSyntax {
    while (this.eat('&') || this.eat('&&')) this.eat('mut');
    if (this.eat('(')) {
      const elements: SpecTypeSyntax[] = [];
      while (!this.eat(')')) {
        elements.push(this.type());
        if (!this.eat(',') && !this.at(')')) this.fail('expected , or ) in a tuple type');
      }
      return { name: '()', arguments: elements };
    }
    let name = this.identifier();
    while (this.at('::') && this.peek(1).kind === 'identifier') {
      this.next();
      name = this.identifier();
    }
    const args: SpecTypeSyntax[] = [];
    if (this.at('<') || (this.at('::') && this.at('<', 1))) {
      this.eat('::');
      this.next();
      while (!this.closeAngle()) {
        args.push(this.type());
        if (!this.eat(',') && !this.at('>') && !this.at('>>')) this.fail('expected , or > in generic arguments');
      }
    }
    return { name, arguments: args };
  }

  /** Consumes one `>`, splitting `>>` (the closing of nested generics) in two. */
  private closeAngle(): boolean {
    if (this.eat('>')) return true;
    if (!this.at('>>')) return false;
    this.tokens[this.position] = { kind: 'punctuation', text: '>' };
    return true;
  }
}
