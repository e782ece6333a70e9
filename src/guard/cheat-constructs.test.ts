import { describe, expect, it } from 'vitest';
import { countCheatConstructs, type GuardToken } from './cheat-constructs.js';

/** Splits a snippet into tokens the way the IR does (identifiers, punctuation, `::`). */
function tokens(source: string): GuardToken[] {
  const result: GuardToken[] = [];
  source.split('\n').forEach((text, lineIndex) => {
    for (const match of text.matchAll(/::|[A-Za-z_][A-Za-z0-9_]*|\d+|\S/g)) result.push({ text: match[0], line: lineIndex + 1 });
  });
  return result;
}

describe('countCheatConstructs', () => {
  it('counts each cheat construct with its first line', () => {
    const { counts, firstLine } = countCheatConstructs(tokens([
      'fn f() { assume(x > 0); admit(); }',
      '#[verifier::external_body] fn g() {}',
      '#[verifier(external_body)] fn h() {}',
      'axiom fn a() ensures false;',
      '#[cfg(not(verus_keep_ghost))] fn i() {}',
      'fn j() { vstd::pervasive::assume(false); inline_air_stmt("x"); }',
      '#[verifier::exec_allows_no_decreases_clause] #[verifier::assume_termination] fn k() {}',
      'assume_specification[ core::mem::swap ](a: &mut u8, b: &mut u8);',
    ].join('\n')));
    expect(counts).toMatchObject({
      assume: 1, admit: 1, external_body: 2, axiom: 1, 'cfg-verus-only': 1, 'pervasive-assume': 1, inline_air_stmt: 1,
      exec_allows_no_decreases_clause: 1, assume_termination: 1, assume_specification: 1, external: 0,
    });
    expect(firstLine.external_body).toBe(2);
    expect(firstLine['pervasive-assume']).toBe(6);
  });

  it('does not count ordinary identifiers that merely contain the words', () => {
    const { counts } = countCheatConstructs(tokens('fn assume_ok(admitted: bool) { let assume = 1; axiom_like(); verifier_note(); }'));
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);
  });
});
