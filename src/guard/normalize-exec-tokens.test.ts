import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeExecTokens } from './normalize-exec-tokens.js';

const normalize = (text: string): string => normalizeExecTokens(text.split(' ')).join(' ');

describe('normalizeExecTokens', () => {
  it('drops parentheses around a whole condition, return value or let initializer', () => {
    expect(normalize('if ( x == 1 ) { x += 1 ; }')).toBe(normalize('if x == 1 { x += 1 ; }'));
    expect(normalize('while ( ( i < n ) ) { i = i + 1 ; }')).toBe('while i < n { i = i + 1 }');
    expect(normalize('return ( a + b ) ;')).toBe('return a + b ;');
    expect(normalize('let y : u64 = ( ( a + b ) * c ) ;')).toBe('let y : u64 = ( a + b ) * c ;');
  });

  it('drops a stack of redundant parentheses down to the first group that matters', () => {
    expect(normalize(`return ${'( '.repeat(400)}x${' )'.repeat(400)} ;`)).toBe('return x ;');
    expect(normalize('let y = ( ( ( a , b ) ) ) ;')).toBe('let y = ( a , b ) ;');
    expect(normalize('if ( ( ( a ) == b ) ) { }')).toBe('if ( a ) == b { }');
    expect(normalize('let y = ( ( ( ) ) ) ;')).toBe('let y = ( ) ;');
  });

  it('keeps parentheses that matter: tuples, unit, struct literals, partial expressions, assignments', () => {
    for (const kept of ['let t = ( a , b ) ;', 'let u = ( ) ;', 'if ( x == S { a : 1 } ) { }', 'let y = ( a + b ) * c ;', 'return ( a ) + b ;', 'if ( a ) == b { }', 'x = ( a + b ) ;']) {
      expect(normalize(kept)).toBe(kept);
    }
  });

  it('drops the semicolon of an assignment that ends a block, and only that', () => {
    expect(normalize('{ i += 1 ; }')).toBe('{ i += 1 }');
    expect(normalize('{ if c { } x = S { a : 1 } ; }')).toBe('{ if c { } x = S { a : 1 } }');
    expect(normalize('{ if c { a = 1 ; } f ( ) ; }')).toBe('{ if c { a = 1 } f ( ) ; }');
    for (const kept of ['{ v . push ( x ) ; }', '{ let a = 1 ; }', '{ i += 1 ; j }', '[ 0 ; 5 ]']) {
      expect(normalize(kept)).toBe(kept);
    }
  });

  it('property: wrapping a whole let initializer in parentheses never changes the result; changing an operator always does', () => {
    const operand = fc.constantFrom('a', 'b', 'c', '1');
    const expression: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, operand, fc.tuple(tie('node'), fc.constantFrom('+', '*', '-'), tie('node')).map(([left, operator, right]) => `( ${left} ${operator} ${right} )`)),
    })).node;
    fc.assert(fc.property(expression, (text) => {
      expect(normalize(`let y = ( ${text} ) ;`)).toBe(normalize(`let y = ${text} ;`));
      if (text.includes('+')) expect(normalize(`let y = ${text.replace('+', '-')} ;`)).not.toBe(normalize(`let y = ${text} ;`));
    }));
  });
});
