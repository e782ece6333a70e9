import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/errors.js';
import { addLoopInvariant } from './add-loop-invariant.js';
import { insertClauseExpression } from './insert-clause-expression.js';
import { insertProofAtStatement } from './insert-proof-at-statement.js';
import { parseVerusSource } from '../parse/parse-verus-source.js';
import { replaceClauseExpression } from './replace-clause-expression.js';
import { replaceFunction, replaceFunctionBody } from './replace-function.js';
import { functionNamed, sliceSpanBytes } from '../testing/parse-snippet.js';
import { applyTextEdits, type TextEdit } from './text-edit.js';
import type { VerusFileIr } from '../verus-file-ir.js';

const SOURCE = `verus! {

// é ✓ 😀
fn search(v: &Vec<u64>, k: u64) -> (r: usize)
    requires
        v.len() > 0,
        v.len() < 100,
    ensures
        r <= v.len()
{
    let mut i: usize = 0;
    while i < v.len() {
        i = i + 1;
    }
    i
}

fn one_line(x: u8) -> u8 requires x > 0, ensures x > 0 { x }

fn bare(n: u64) -> u64 {
    let mut k = n;
    loop
        invariant k <= n,
    {
        if k == 0 { break; }
        k = k - 1;
    }
    k
}

fn braces_below(n: u64)
{
}

trait T {
    fn declared(&self) -> u8;
}

}
`;

async function parse(text = SOURCE): Promise<VerusFileIr> {
  return parseVerusSource(text, { file: 'edit.rs' });
}

async function edited(edit: (ir: VerusFileIr) => TextEdit | TextEdit[]): Promise<{ text: string; ir: VerusFileIr }> {
  const ir = await parse();
  const edits = edit(ir);
  const text = applyTextEdits(ir, Array.isArray(edits) ? edits : [edits]);
  return { text, ir: await parse(text) };
}

function section(text: string, from: string, lines: number): string {
  const start = text.indexOf(from);
  return text.slice(start).split('\n').slice(0, lines).join('\n');
}

describe('clause edits', () => {
  it('replaces one expression and keeps its separator', async () => {
    const { text, ir } = await edited((original) => replaceClauseExpression(original, { function: 'search', kind: 'requires', index: 1 }, '  v.len() < 1000,  '));
    expect(section(text, 'fn search', 5)).toBe('fn search(v: &Vec<u64>, k: u64) -> (r: usize)\n    requires\n        v.len() > 0,\n        v.len() < 1000,\n    ensures');
    expect(functionNamed(ir, 'search').clauses[0]?.expressions.map((expression) => expression.text)).toEqual(['v.len() > 0', 'v.len() < 1000']);
  });

  it('appends to a multi-line clause with and without a trailing comma, at the neighbours\' indentation', async () => {
    const { text } = await edited((ir) => [
      insertClauseExpression(ir, { function: 'search', kind: 'requires' }, 'k > 0'),
      insertClauseExpression(ir, { function: 'search', kind: 'ensures' }, 'r >= 0,'),
    ]);
    expect(section(text, 'fn search', 9)).toBe(`fn search(v: &Vec<u64>, k: u64) -> (r: usize)
    requires
        v.len() > 0,
        v.len() < 100,
        k > 0,
    ensures
        r <= v.len(),
        r >= 0
{`);
  });

  it('inserts before an expression and appends to a one-line clause', async () => {
    const { text, ir } = await edited((original) => [
      insertClauseExpression(original, { function: 'search', kind: 'requires' }, 'k < 7', 0),
      insertClauseExpression(original, { function: 'one_line', kind: 'requires' }, 'x < 9'),
    ]);
    expect(section(text, 'fn search', 4)).toBe('fn search(v: &Vec<u64>, k: u64) -> (r: usize)\n    requires\n        k < 7,\n        v.len() > 0,');
    expect(section(text, 'fn one_line', 1)).toBe('fn one_line(x: u8) -> u8 requires x > 0, x < 9, ensures x > 0 { x }');
    expect(functionNamed(ir, 'one_line').clauses[0]?.expressions).toHaveLength(2);
  });

  it('creates a missing clause in Verus order, matching the existing clause layout', async () => {
    const { text, ir } = await edited((original) => [
      insertClauseExpression(original, { function: 'search', kind: 'decreases' }, 'v.len()'),
      insertClauseExpression(original, { function: 'search', kind: 'recommends' }, 'k != 0'),
      insertClauseExpression(original, { function: 'one_line', kind: 'decreases' }, 'x'),
    ]);
    expect(section(text, 'fn search', 11)).toBe(`fn search(v: &Vec<u64>, k: u64) -> (r: usize)
    requires
        v.len() > 0,
        v.len() < 100,
    recommends
        k != 0,
    ensures
        r <= v.len()
    decreases
        v.len(),
{`);
    expect(section(text, 'fn one_line', 1)).toBe('fn one_line(x: u8) -> u8 requires x > 0, ensures x > 0 decreases x, { x }');
    expect(functionNamed(ir, 'search').clauses.map((clause) => clause.kind)).toEqual(['requires', 'recommends', 'ensures', 'decreases']);
  });

  it('creates the first clause of a function whose body brace is on the signature line or below, or that has no body', async () => {
    const { text, ir } = await edited((original) => [
      insertClauseExpression(original, { function: 'bare', kind: 'ensures' }, 'r <= n'),
      insertClauseExpression(original, { function: 'braces_below', kind: 'requires' }, 'n > 0'),
      insertClauseExpression(original, { function: 'T::declared', kind: 'ensures' }, 'r > 0'),
    ]);
    expect(section(text, 'fn bare', 4)).toBe('fn bare(n: u64) -> u64\n    ensures\n        r <= n,\n{');
    expect(section(text, 'fn braces_below', 4)).toBe('fn braces_below(n: u64)\n    requires\n        n > 0,\n{');
    expect(section(text, 'fn declared', 3)).toBe('fn declared(&self) -> u8\n        ensures\n            r > 0;');
    expect(functionNamed(ir, 'T::declared').clauses[0]?.expressions[0]?.text).toBe('r > 0');
  });

  it('adds the first invariant of a loop and appends to an existing one', async () => {
    const { text, ir } = await edited((original) => [
      addLoopInvariant(original, 'search/loop#0', 'i <= v.len()'),
      addLoopInvariant(original, 'bare/loop#0', 'k >= 0'),
    ]);
    expect(section(text, 'while i', 5)).toBe('while i < v.len()\n        invariant\n            i <= v.len(),\n    {\n        i = i + 1;');
    expect(section(text, '    loop', 3)).toBe('    loop\n        invariant k <= n, k >= 0,\n    {');
    expect(functionNamed(ir, 'search').loops[0]?.clauses[0]?.expressions[0]?.text).toBe('i <= v.len()');
    expect(functionNamed(ir, 'bare').loops[0]?.clauses[0]?.expressions.map((expression) => expression.text)).toEqual(['k <= n', 'k >= 0']);
  });

  it('rejects unknown targets with typed errors', async () => {
    const ir = await parse();
    expect(() => replaceClauseExpression(ir, { function: 'search', kind: 'requires', index: 5 }, 'x')).toThrow(InputError);
    expect(() => addLoopInvariant(ir, 'search/loop#9', 'x')).toThrow(/no loop with id/);
    expect(() => insertClauseExpression(ir, { function: 'nope', kind: 'requires' }, 'x')).toThrow(/no function named/);
  });
});

describe('statement and function edits', () => {
  it('inserts proof code before and after statements at their indentation', async () => {
    const { text, ir } = await edited((original) => [
      insertProofAtStatement(original, { function: 'search', statementIndex: 1, position: 'before' }, 'assert(i == 0);'),
      insertProofAtStatement(original, { function: 'search', loopId: 'search/loop#0', statementIndex: 0, position: 'after' }, '    proof {\n        lemma(i);\n    }'),
    ]);
    expect(section(text, '    let mut i', 8)).toBe(`    let mut i: usize = 0;
    assert(i == 0);
    while i < v.len() {
        i = i + 1;
        proof {
            lemma(i);
        }
    }`);
    const search = functionNamed(ir, 'search');
    expect(search.proofStatements.map((statement) => statement.kind)).toEqual(['assert', 'proof-block', 'lemma-call']);
    expect(search.body?.statements).toHaveLength(4);
  });

  it('inserts into an empty block and rejects a missing statement', async () => {
    const { text } = await edited((ir) => insertProofAtStatement(ir, { function: 'braces_below', statementIndex: 0, position: 'before' }, 'assert(true);'));
    expect(section(text, 'fn braces_below', 4)).toBe('fn braces_below(n: u64)\n{\n    assert(true);\n}');
    const ir = await parse();
    expect(() => insertProofAtStatement(ir, { function: 'search', statementIndex: 9, position: 'after' }, 'x;')).toThrow(/statement 9 does not exist/);
  });

  it('replaces a body (wrapping bare code in braces) and a whole function', async () => {
    const { text, ir } = await edited((original) => [
      replaceFunctionBody(original, 'one_line', 'x + 0'),
      replaceFunction(original, 'braces_below', 'fn braces_below(n: u64) requires n > 1 {}'),
    ]);
    expect(section(text, 'fn one_line', 3)).toBe('fn one_line(x: u8) -> u8 requires x > 0, ensures x > 0 {\n    x + 0\n}');
    expect(functionNamed(ir, 'braces_below').clauses[0]?.expressions[0]?.text).toBe('n > 1');
  });
});

describe('applyTextEdits', () => {
  it('re-parses an edited file with the spans before the edit unchanged and those after it moved by its bytes and lines', async () => {
    // The invariant replaces the space before search's loop body brace with three lines (after the é ✓ 😀 comment).
    const inserted = Buffer.byteLength('\n        invariant\n            i <= v.len(),\n    ', 'utf8') - Buffer.byteLength(' ', 'utf8');
    const { text, ir } = await edited((original) => addLoopInvariant(original, 'search/loop#0', 'i <= v.len()'));
    const before = await parse();
    const byteOf = (needle: string): number => Buffer.byteLength(text.slice(0, text.indexOf(needle)), 'utf8');
    const lineOf = (needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;
    expect(functionNamed(ir, 'search').nameSpan).toEqual(functionNamed(before, 'search').nameSpan);
    expect(functionNamed(ir, 'search').clauses[0]?.expressions[1]?.span).toEqual(functionNamed(before, 'search').clauses[0]?.expressions[1]?.span);
    const invariant = functionNamed(ir, 'bare').loops[0]?.clauses[0]?.expressions[0];
    expect(invariant?.span).toMatchObject({ byteStart: byteOf('k <= n,'), byteEnd: byteOf('k <= n,') + 6, lineStart: lineOf('k <= n,'), columnStart: 19 });
    expect(invariant?.span.lineStart).toBe((functionNamed(before, 'bare').loops[0]?.clauses[0]?.expressions[0]?.span.lineStart ?? 0) + 3);
    const oneLine = functionNamed(ir, 'one_line');
    expect(oneLine.nameSpan).toMatchObject({ byteStart: byteOf('one_line('), lineStart: lineOf('one_line('), columnStart: 4 });
    expect(oneLine.nameSpan.byteStart - functionNamed(before, 'one_line').nameSpan.byteStart).toBe(inserted);
    expect(sliceSpanBytes(ir, oneLine.clauses[1]!.expressions[0]!.span)).toBe('x > 0');
    expect(applyTextEdits(ir, [])).toBe(text);
  });

  it('applies insertions at one offset in the order given and keeps bytes outside the edits', async () => {
    const ir = await parse('verus! { fn f() {} }');
    const text = applyTextEdits(ir, [
      { byteStart: 9, byteEnd: 9, replacement: 'A', description: 'a' },
      { byteStart: 9, byteEnd: 9, replacement: 'B', description: 'b' },
      { byteStart: 9, byteEnd: 11, replacement: 'fn', description: 'touching replacement' },
    ]);
    expect(text).toBe('verus! { ABfn f() {} }');
  });

  it('rejects overlapping edits and invalid ranges with the position of the offending edit', async () => {
    const ir = await parse();
    const second = ir.source.byteOffsetAt(ir.source.text.indexOf('search'));
    const overlapping = () => applyTextEdits(ir, [
      { byteStart: second - 3, byteEnd: second + 3, replacement: '', description: 'first' },
      { byteStart: second, byteEnd: second + 6, replacement: 'find', description: 'second' },
    ]);
    expect(overlapping).toThrow(InputError);
    try {
      overlapping();
    } catch (error) {
      expect(error).toMatchObject({ reason: 'overlapping-edits', position: { file: 'edit.rs', line: 4, column: 4 } });
    }
    const emoji = ir.source.byteOffsetAt(ir.source.text.indexOf('😀'));
    expect(() => applyTextEdits(ir, [{ byteStart: emoji + 1, byteEnd: emoji + 2, replacement: '', description: 'splits a character' }])).toThrow(/invalid byte range/);
    expect(() => applyTextEdits(ir, [{ byteStart: 0, byteEnd: 10 ** 9, replacement: '', description: 'too far' }])).toThrow(/invalid byte range/);
  });
});
