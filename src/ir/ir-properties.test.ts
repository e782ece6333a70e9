import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.js';
import { parseVerusSource } from './parse/parse-verus-source.js';
import { generateVerusSource } from './testing/generate-verus-source.js';
import { checkClauseEdit, type ClauseEditCase } from './testing/check-clause-edit.js';
import { checkNodeTexts } from './testing/check-node-texts.js';
import { checkSpans } from './testing/parse-snippet.js';
import { applyTextEdits, type TextEdit } from './edit/text-edit.js';

const WORDS = ['fn', 'f', 'g', 'x', 'y', 'requires', 'ensures', 'invariant', 'decreases', 'while', 'loop', 'for', 'in', 'let', 'mut', 'assert', 'assume', 'proof', 'by', 'forall', 'exists', 'spec', 'open', 'pub', 'impl', 'struct', 'é', 'int', 'u64', 'Seq', 'Map', 'if', 'else', 'match'];
const PUNCTUATION = [',', ';', ':', '::', '->', '=>', '==', '==>', '=~=', '&&&', '|||', '<', '>', '<=', '|', '||', '&&', '+', '-', '*', '#', '!', '.', '..', '@', '='];
const LITERALS = ['0', '42u8', '1.5', '"é ✓ 😀"', "'x'", '"a\\"b"', 'r#"(raw) {"#', "'\\u{1F600}'"];
const SEPARATORS = [' ', '\n', '  ', '\t', '\r\n', ' /* é */ ', ' // ✓ 😀\n', ' /* a /* nested */ b */ '];

/** Balanced Verus-like token sequences: words, operators, literals and nested groups. */
const verusLike: fc.Arbitrary<string[]> = fc.letrec<{ tokens: string[] }>((tie) => ({
  tokens: fc.array(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...WORDS).map((word) => [word]) },
      { weight: 4, arbitrary: fc.constantFrom(...PUNCTUATION).map((text) => [text]) },
      { weight: 2, arbitrary: fc.constantFrom(...LITERALS).map((text) => [text]) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(['(', ')'], ['[', ']'], ['{', '}']), tie('tokens')).map(([[open, close], inner]) => [open ?? '(', ...inner, close ?? ')']) },
    ),
    { maxLength: 12, depthIdentifier: 'group' },
  ).map((parts) => parts.flat()),
})).tokens;

const verusLikeSource = fc.tuple(verusLike, fc.array(fc.constantFrom(...SEPARATORS), { minLength: 1, maxLength: 64 })).map(([tokens, separators]) => {
  const body = tokens.map((token, index) => `${token}${separators[index % separators.length] ?? ' '}`).join('');
  return `// générateur ✓\nverus! {\n${body}\n}\n`;
});

// Property runs parse hundreds of files: generous timeouts keep them reliable on a busy machine.
describe('properties', { timeout: 120_000 }, () => {
  it('gives every parsed Verus-like source spans that slice each node to its own text', async () => {
    await fc.assert(
      fc.asyncProperty(verusLikeSource, async (text) => {
        const ir = await parseVerusSource(text, { file: 'generated.rs' });
        expect(checkNodeTexts(ir)).toEqual([]);
        expect(checkSpans(ir)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('slices every node of the realistic generator output to its own text', async () => {
    const text = generateVerusSource({ minimumLines: 400, nonAscii: true });
    const ir = await parseVerusSource(text, { file: 'realistic.rs' });
    expect(ir.functions.length).toBeGreaterThan(20);
    expect(checkNodeTexts(ir)).toEqual([]);
    expect(checkSpans(ir)).toEqual([]);
  });

  it('re-parses a randomly clause-edited realistic source into the IR the edit meant, every other expression at its shifted span', async () => {
    const text = generateVerusSource({ minimumLines: 120, nonAscii: true });
    const ir = await parseVerusSource(text, { file: 'edited.rs' });
    const clauses = ir.functions.flatMap((fn) => [
      ...fn.clauses.map((clause) => ({ target: { function: fn.qualifiedName, kind: clause.kind }, length: clause.expressions.length })),
      ...fn.loops.flatMap((loop) => loop.clauses.map((clause) => ({ target: { loopId: loop.id, kind: clause.kind }, length: clause.expressions.length }))),
    ]);
    expect(clauses.length).toBeGreaterThan(10);
    // Non-ASCII and multi-line expressions shift later spans by bytes, columns and lines differently.
    const expression = fc.constantFrom('marker_0 > 0', 'label("é ✓ 😀") == 3', 'forall|k: int|\n            0 <= k ==> k + 1 > k', 'x');
    const edit: fc.Arbitrary<ClauseEditCase> = fc.tuple(fc.nat(clauses.length - 1), fc.boolean(), fc.nat(8), expression).map(([which, replace, at, written]) => {
      const { target, length } = clauses[which]!;
      return replace ? { target, mode: 'replace', index: at % length, expression: written } : { target, mode: 'insert', ...(at < length ? { index: at } : {}), expression: written };
    });
    await fc.assert(
      fc.asyncProperty(edit, async (chosen) => {
        expect((await checkClauseEdit(ir, chosen)).problems).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('applies random non-overlapping edits and keeps every byte outside them', async () => {
    const text = generateVerusSource({ minimumLines: 60, nonAscii: true });
    const ir = await parseVerusSource(text, { file: 'edits.rs' });
    const characters = [...text];
    const boundaries = [0];
    for (const character of characters) boundaries.push((boundaries[boundaries.length - 1] ?? 0) + Buffer.byteLength(character));
    const edit = fc.tuple(fc.nat(boundaries.length - 1), fc.nat(12), fc.constantFrom('', 'x', 'é', '😀', 'assert(true);\n', '✓✓')).map(([startIndex, length, replacement]) => ({
      byteStart: boundaries[startIndex] ?? 0,
      byteEnd: boundaries[Math.min(startIndex + length, boundaries.length - 1)] ?? 0,
      replacement,
    }));
    await fc.assert(
      fc.property(fc.array(edit, { maxLength: 8 }), (candidates) => {
        const sorted = [...candidates].sort((left, right) => left.byteStart - right.byteStart);
        const edits: TextEdit[] = [];
        for (const candidate of sorted) {
          const previous = edits[edits.length - 1];
          // Two insertions at one offset have no order by position: applyTextEdits keeps their given order (tested below).
          if (previous === undefined || (candidate.byteStart >= previous.byteEnd && candidate.byteStart !== previous.byteStart)) edits.push({ ...candidate, description: `edit ${edits.length}` });
        }
        const bytes = Buffer.from(text, 'utf8');
        const expected: Buffer[] = [];
        let cursor = 0;
        for (const current of edits) {
          expected.push(bytes.subarray(cursor, current.byteStart), Buffer.from(current.replacement, 'utf8'));
          cursor = current.byteEnd;
        }
        expected.push(bytes.subarray(cursor));
        expect(applyTextEdits(ir, [...edits].reverse())).toBe(Buffer.concat(expected).toString('utf8'));
      }),
      { numRuns: 200 },
    );
  });

  it('applies insertions at one offset in the order they were given', async () => {
    const ir = await parseVerusSource('verus! { fn f(x: u8) -> u8 { x } }', { file: 'ties.rs' });
    const at = ir.source.text.indexOf('x }');
    const first = { byteStart: at, byteEnd: at, replacement: 'A', description: 'first' };
    const second = { byteStart: at, byteEnd: at, replacement: 'B', description: 'second' };
    expect(applyTextEdits(ir, [first, second])).toBe('verus! { fn f(x: u8) -> u8 { ABx } }');
    expect(applyTextEdits(ir, [second, first])).toBe('verus! { fn f(x: u8) -> u8 { BAx } }');
  });

  it('rejects every pair of overlapping edits', async () => {
    // Long enough that every generated range (ends up to byte 35) lies inside the file: out of range is another error.
    const ir = await parseVerusSource('verus! { fn f(x: u8) -> u8 { x } }\n// padding so that all ranges are in bounds\n', { file: 'overlap.rs' });
    await fc.assert(
      fc.property(fc.nat(20), fc.integer({ min: 1, max: 8 }), fc.nat(7), fc.integer({ min: 1, max: 8 }), (startA, lengthA, offset, lengthB) => {
        const startB = startA + Math.min(offset, lengthA - 1);
        const edits = [
          { byteStart: startA, byteEnd: startA + lengthA, replacement: 'a', description: 'a' },
          { byteStart: startB, byteEnd: startB + lengthB, replacement: 'b', description: 'b' },
        ];
        expect(() => applyTextEdits(ir, edits)).toThrow(/overlaps/);
      }),
      { numRuns: 100 },
    );
  });

  it('turns random token soup into an IR or an InputError, never another exception', async () => {
    const soupPiece = fc.oneof(
      fc.constantFrom(...WORDS, ...PUNCTUATION, ...LITERALS, '(', ')', '[', ']', '{', '}', '"', "'", '/*', '*/', '//', 'verus!', 'verus! {', '\n', '\u0000', '\ufeff', '`', '\\', '~', '$'),
      fc.string({ maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(soupPiece, { maxLength: 60 }), fc.boolean(), async (pieces, wrap) => {
        const soup = pieces.join(' ');
        const text = wrap ? `verus! { ${soup} }` : soup;
        try {
          const ir = await parseVerusSource(text, { file: 'soup.rs', requireVerus: !wrap });
          expect(checkSpans(ir)).toEqual([]);
        } catch (error) {
          if (!(error instanceof InputError)) throw error;
          expect(error.position.line).toBeGreaterThanOrEqual(1);
          expect(error.position.column).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
