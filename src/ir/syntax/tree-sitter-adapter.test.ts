import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { TOKEN_KIND, type SyntaxScan } from '../../core/source-parser.js';
import { generateVerusSource } from '../testing/generate-verus-source.js';
import { createTreeSitterSourceParser } from './tree-sitter-adapter.js';

function tokenTexts(text: string, scan: SyntaxScan): Array<[number, string]> {
  const { tokens } = scan;
  return Array.from({ length: tokens.count }, (_, index) => [tokens.kinds[index] ?? 0, text.slice(tokens.starts[index], tokens.ends[index])]);
}

describe('tree-sitter adapter', () => {
  it('flattens verus! into leaf tokens with UTF-16 offsets, literals and comments as single tokens', async () => {
    const parser = await createTreeSitterSourceParser();
    const text = 'verus! { // é\nfn f() -> bool { "s😀" == r#"x"# && a ==> b =~= c } }';
    const scan = parser.scan(text);
    expect(tokenTexts(text, scan)).toEqual([
      [TOKEN_KIND.word, 'verus'], [TOKEN_KIND.punctuation, '!'], [TOKEN_KIND.open, '{'], [TOKEN_KIND.comment, '// é'],
      [TOKEN_KIND.word, 'fn'], [TOKEN_KIND.word, 'f'], [TOKEN_KIND.open, '('], [TOKEN_KIND.close, ')'], [TOKEN_KIND.punctuation, '->'],
      [TOKEN_KIND.word, 'bool'], [TOKEN_KIND.open, '{'], [TOKEN_KIND.literal, '"s😀"'], [TOKEN_KIND.punctuation, '=='], [TOKEN_KIND.literal, 'r#"x"#'],
      [TOKEN_KIND.punctuation, '&&'], [TOKEN_KIND.word, 'a'], [TOKEN_KIND.punctuation, '=='], [TOKEN_KIND.punctuation, '>'], [TOKEN_KIND.word, 'b'],
      [TOKEN_KIND.punctuation, '='], [TOKEN_KIND.unrecognized, '~'], [TOKEN_KIND.punctuation, '='], [TOKEN_KIND.word, 'c'],
      [TOKEN_KIND.close, '}'], [TOKEN_KIND.close, '}'],
    ]);
    expect(scan.outline).toEqual([{ kind: 'item', firstToken: 0, endToken: scan.tokens.count }]);
  });

  it('reports missing tokens and error regions instead of failing', async () => {
    const parser = await createTreeSitterSourceParser();
    const plain = parser.scan('#[derive(Debug)]\nstruct S { a: u8 }\nfn f() { (x }\n}');
    expect(plain.outline.map((node) => node.kind)).toEqual(['attribute', 'item', 'item']);
    expect(plain.errors).toEqual([{ start: 45, end: 49 }]);
    const macro = parser.scan('verus! {\nfn f() { (x }\n}');
    expect(macro.missing).toEqual([{ position: 20, text: ')' }]);
    expect(parser.scan('} fn g() {}').outline.map((node) => node.kind)).toEqual(['error', 'item']);
  });

  it('covers every non-blank character of real and generated sources with exactly one token', async () => {
    const parser = await createTreeSitterSourceParser();
    const fixture = await readFile(new URL('../../../rust-fixtures/ledger/src/lib.rs', import.meta.url), 'utf8');
    for (const text of [generateVerusSource({ minimumLines: 300, nonAscii: true }), fixture, 'verus! { fn f() { (x } }', 'fn g() { let = ; } } `']) {
      const { tokens } = parser.scan(text);
      let previousEnd = 0;
      for (let index = 0; index < tokens.count; index++) {
        const start = tokens.starts[index] ?? 0;
        expect(start, `token ${index} overlaps the previous one`).toBeGreaterThanOrEqual(previousEnd);
        expect(text.slice(previousEnd, start).trim(), `gap before token ${index}`).toBe('');
        previousEnd = tokens.ends[index] ?? 0;
        const fixed = tokens.fixedTextIndices[index] ?? -1;
        if (fixed >= 0) expect(text.slice(start, previousEnd)).toBe(tokens.fixedTexts[fixed]);
      }
      expect(text.slice(previousEnd).trim()).toBe('');
    }
  });

  it('gives the same scan through the raw cursor exports and the public TreeCursor API', async () => {
    const direct = await createTreeSitterSourceParser({ cursor: 'direct' });
    const publicApi = await createTreeSitterSourceParser({ cursor: 'public' });
    const fixture = await readFile(new URL('../../../rust-fixtures/ledger/src/lib.rs', import.meta.url), 'utf8');
    for (const text of [generateVerusSource({ minimumLines: 300, nonAscii: true }), fixture, 'fn f() { (x }\n} `', 'verus! { a =~~= b; let = ; }']) {
      expect(direct.scan(text)).toEqual(publicApi.scan(text));
    }
  });
});
