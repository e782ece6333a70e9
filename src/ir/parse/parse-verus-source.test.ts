import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../core/errors.js';
import { parseVerusBytes, parseVerusFile, parseVerusSource } from './parse-verus-source.js';
import { generateVerusSource } from '../testing/generate-verus-source.js';
import { checkSpans, parseSnippet } from '../testing/parse-snippet.js';

async function inputError(promise: Promise<unknown>): Promise<InputError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('bad input', () => {
  it.each([
    ['an unclosed parenthesis', 'verus! {\nfn f() { (x }\n}\n', 2, 10, 'unclosed delimiter `(`'],
    ['a stray closing brace', 'fn main() { a } }\nverus! {}\n', 1, 17, 'unexpected closing delimiter `}`'],
    ['a missing final brace', 'verus! {\nfn f() {\n    if x { y }\n', 2, 8, 'unclosed delimiter `{`'],
    ['a mismatched bracket after é', 'verus! { fn f() { let s = "é"; [1, 2) } }', 1, 32, 'unclosed delimiter `[`'],
  ])('reports %s at the unmatched delimiter', async (_name, text, line, column, message) => {
    const error = await inputError(parseVerusSource(text, { file: 'bad.rs' }));
    expect(error.reason).toBe('unbalanced-delimiter');
    expect(error.position).toEqual({ file: 'bad.rs', line, column });
    expect(error.message).toContain(message);
    expect(error.message.startsWith(`bad.rs:${line}:${column}: `)).toBe(true);
  });

  it('rejects an empty file and a whitespace-only file', async () => {
    expect((await inputError(parseVerusSource('', { file: 'e.rs' }))).reason).toBe('empty-file');
    expect((await inputError(parseVerusSource('\ufeff \n\t\n', { file: 'e.rs' }))).reason).toBe('empty-file');
  });

  it('rejects a file without verus! unless the caller opts out', async () => {
    const text = 'fn main() {}\n// verus! is only mentioned in a comment\n';
    const error = await inputError(parseVerusSource(text, { file: 'plain.rs' }));
    expect(error.reason).toBe('no-verus-macro');
    expect(error.position).toEqual({ file: 'plain.rs', line: 1, column: 1 });
    const ir = await parseVerusSource(text, { file: 'plain.rs', requireVerus: false });
    expect(ir.functions.map((fn) => [fn.name, fn.insideVerus])).toEqual([['main', false]]);
  });

  it('rejects non-UTF-8 bytes at the first invalid byte and lone surrogates in text', async () => {
    const bytes = Buffer.concat([Buffer.from('verus! {\n  // ✓ '), Buffer.from([0xc3, 0x28]), Buffer.from('\n}\n')]);
    const error = await inputError(parseVerusBytes(bytes, { file: 'latin1.rs' }));
    expect(error.reason).toBe('non-utf8');
    expect(error.position).toEqual({ file: 'latin1.rs', line: 2, column: 8 });
    expect((await inputError(parseVerusSource('verus! { "\ud800" }', { file: 's.rs' }))).reason).toBe('invalid-text');
  });

  it('records unrecognized characters and tree-sitter recoveries as skipped notes instead of failing', async () => {
    const ir = await parseVerusSource('verus! {\nfn f() -> bool { a =~= b && c `d` }\n}\nfn g() { let x = ; }\n', { file: 'odd.rs' });
    expect(ir.skipped.map((note) => [note.reason, note.line, note.column])).toEqual([
      ['unrecognized-character', 2, 31],
      ['unrecognized-character', 2, 33],
      ['unparsed-region', 4, 16],
    ]);
    expect(ir.functions.map((fn) => fn.name)).toEqual(['f', 'g']);
    expect(checkSpans(ir)).toEqual([]);
  });

  it('keeps a byte order mark and CRLF line ends: prints them back, spans in rustc coordinates', async () => {
    const text = '\ufeffuse vstd::prelude::*;\r\nverus! {\r\n\tfn f(x: u8) requires x > 0 { assert(x > 0); } // é\r\n}\r\n';
    const ir = await parseVerusSource(text, { file: 'crlf.rs' });
    expect(ir.source.text).toBe(text);
    expect(checkSpans(ir)).toEqual([]);
    const fn = ir.functions[0];
    expect(fn?.span).toMatchObject({ byteStart: 37, lineStart: 3, columnStart: 2 });
    expect(fn?.clauses[0]?.expressions[0]?.text).toBe('x > 0');
    expect(ir.items[0]?.span).toMatchObject({ byteStart: 3, lineStart: 1, columnStart: 1 });
  });

  it('parses a 100k-line file', { timeout: 180_000 }, async () => {
    const text = generateVerusSource({ minimumLines: 100_000, nonAscii: true });
    const ir = await parseVerusSource(text, { file: 'huge.rs' });
    expect(ir.source.lineCount).toBeGreaterThanOrEqual(100_000);
    expect(ir.skipped).toEqual([]);
    expect(ir.functions.length).toBeGreaterThan(6000);
    expect(ir.functions.every((fn) => fn.insideVerus)).toBe(true);
  });

  it('keeps parsing after a bad file: errors are per file', async () => {
    const good = await parseSnippet('fn ok() {}');
    expect(good.functions).toHaveLength(1);
  });
});

describe('parseVerusFile', () => {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'verus-ir-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('reads a file and names it in reports', async () => {
    const path = join(directory, 'a.rs');
    await writeFile(path, 'verus! { fn a() {} }\n');
    const ir = await parseVerusFile(path, { file: 'src/a.rs' });
    expect(ir.file).toBe('src/a.rs');
    expect(ir.functions[0]?.name).toBe('a');
  });

  it('turns unreadable paths into InputErrors', async () => {
    const error = await inputError(parseVerusFile(join(directory, 'missing.rs')));
    expect(error.reason).toBe('unreadable-file');
    expect((await inputError(parseVerusFile(directory))).reason).toBe('unreadable-file');
  });
});
