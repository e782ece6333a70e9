import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli/main.js';
import { AdapterError } from '../src/core/errors.js';
import { MAXIMUM_SOURCE_BYTES } from '../src/ir/index.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/ir/', import.meta.url));
const NON_ASCII = join(FIXTURES, 'non-ascii.rs');
const UNBALANCED = join(FIXTURES, 'unbalanced.rs');
const scratch = mkdtempSync(join(tmpdir(), 'verus-repair-parse-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the CLI in this process (the same error boundary as the bin), capturing what it writes. */
async function runCliInProcess(...argv: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    return { exitCode: await runCli(argv), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** A crate-like tree: a Verus file, a plain Rust file, and files under target/ and a hidden directory that must be skipped. */
function makeTree(): string {
  const root = join(scratch, 'crate');
  for (const directory of ['src/nested', 'target/debug', '.git']) mkdirSync(join(root, directory), { recursive: true });
  writeFileSync(join(root, 'src/lib.rs'), 'use vstd::prelude::*;\nverus! {\nfn f(x: u8) requires x > 0 { assert(x > 0); }\n}\n');
  writeFileSync(join(root, 'src/nested/plain.rs'), 'pub fn helper() -> u8 { 1 }\n');
  writeFileSync(join(root, 'target/debug/generated.rs'), 'this is not rust (\n');
  writeFileSync(join(root, '.git/hook.rs'), 'neither is this {\n');
  writeFileSync(join(root, 'README.md'), 'not rust\n');
  return root;
}

describe('verus-repair parse', () => {
  it('--json prints one schema document per file, recursing into directories and skipping target/ and hidden ones', async () => {
    const root = makeTree();
    const { exitCode, stdout, stderr } = await runCliInProcess('parse', '--json', root);
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    const documents = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(documents.map((document) => document['file'])).toEqual([join(root, 'src/lib.rs'), join(root, 'src/nested/plain.rs')]);
    const [lib, plain] = documents as Array<{ schema: string; items: Array<Record<string, unknown>>; asserts: Array<Record<string, unknown>>; skipped: unknown[] }>;
    expect(lib?.schema).toBe('verus-repair/ir@1');
    expect(lib?.items.map((item) => [item['kind'], item['name'], item['mode'], item['insideVerus']])).toEqual([
      ['use', 'vstd::prelude::*', null, false],
      ['function', 'f', 'exec', true],
    ]);
    expect(lib?.items[1]?.['requires']).toEqual([{ text: 'x > 0', span: { byteStart: 52, byteEnd: 57, lineStart: 3, columnStart: 22, lineEnd: 3, columnEnd: 27 }, bullets: [] }]);
    expect(lib?.asserts).toMatchObject([{ function: 'f', kind: 'assert', text: 'x > 0', loopId: null }]);
    expect(plain?.items.map((item) => [item['kind'], item['name'], item['insideVerus']])).toEqual([['function', 'helper', false]]);
    expect(plain?.skipped).toEqual([]);
  });

  it('documents loops and asserts inside each function and at the top level, with exact non-ASCII spans', async () => {
    const { exitCode, stdout } = await runCliInProcess('parse', '--json', NON_ASCII);
    expect(exitCode).toBe(0);
    const document = JSON.parse(stdout) as { loops: Array<Record<string, unknown>>; items: Array<Record<string, unknown>>; asserts: Array<Record<string, unknown>> };
    expect(document.loops).toHaveLength(1);
    expect(document.loops[0]).toMatchObject({
      function: 'sum',
      id: 'sum/loop#0',
      kind: 'while',
      invariants: [{ text: 'i <= v.len()' }, { text: 'r == total(v@.take(i as int))' }],
      decreases: [{ text: 'v.len() - i' }],
    });
    const sum = document.items.find((item) => item['name'] === 'sum');
    expect((sum?.['loops'] as unknown[]).length).toBe(1);
    expect(document.asserts.map((entry) => [entry['text'], entry['loopId']])).toEqual([
      ['v@.take(i as int + 1).drop_last() =~= v@.take(i as int)', 'sum/loop#0'],
      ['v@.take(v.len() as int) =~= v@', null],
    ]);
    // Line 24 holds two statements: `let label = "somme ✓";` starts after `let mut r: u64 = 0; ` (24 columns).
    const body = sum?.['body'] as { statements: Array<{ span: { lineStart: number; columnStart: number } }> };
    expect(body.statements[1]?.span).toMatchObject({ lineStart: 24, columnStart: 25 });
  });

  it('prints a human summary per file and a total line', async () => {
    const { exitCode, stdout } = await runCliInProcess('parse', NON_ASCII);
    expect(exitCode).toBe(0);
    expect(stdout).toBe(
      `${NON_ASCII}\n` +
        '  functions  3 verified (exec 1, open spec 1, proof 1); 1 plain Rust function outside verus!\n' +
        '  loops      1 (2 invariants)\n' +
        '  proof      2 asserts, 1 proof block, 2 lemma calls\n' +
        '  skipped    none\n' +
        'total: 1 file, 3 verified functions, 1 loop, 2 invariants, 2 asserts, 0 skipped\n',
    );
  });

  it('exits 1 with FILE:LINE:COL on stderr for bad input and still prints the good files', async () => {
    const latin1 = join(scratch, 'latin1.rs');
    writeFileSync(latin1, Buffer.concat([Buffer.from('verus! {\n// caf'), Buffer.from([0xe9]), Buffer.from('\n}\n')]));
    const { exitCode, stdout, stderr } = await runCliInProcess('parse', '--json', NON_ASCII, UNBALANCED, latin1);
    expect(exitCode).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `${UNBALANCED}:4:13: unclosed delimiter \`(\` (found \`}\` first)`,
      `${latin1}:2:7: invalid UTF-8 byte 0xe9 at byte offset 15`,
    ]);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect((JSON.parse(stdout) as { file: string }).file).toBe(NON_ASCII);
  });

  it('requires verus! in files named explicitly unless --allow-plain-rust', async () => {
    const plain = join(scratch, 'plain.rs');
    writeFileSync(plain, 'fn main() {}\n');
    const refused = await runCliInProcess('parse', plain);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(`${plain}:1:1: no \`verus! { ... }\` block`);
    const accepted = await runCliInProcess('parse', '--allow-plain-rust', plain);
    expect(accepted.exitCode).toBe(0);
    expect(accepted.stdout).toContain('1 plain Rust function outside verus!');
  });

  it('exits 2 for a path that does not exist', async () => {
    const { exitCode, stderr } = await runCliInProcess('parse', join(scratch, 'nope'));
    expect(exitCode).toBe(2);
    expect(stderr).toContain(`${join(scratch, 'nope')}: no such file or directory`);
  });

  it('says so when a directory holds no Rust file, and exits 2', async () => {
    const empty = join(scratch, 'empty-directory');
    mkdirSync(join(empty, 'target'), { recursive: true });
    writeFileSync(join(empty, 'target', 'built.rs'), 'verus! { fn f() {} }\n');
    const { exitCode, stdout, stderr } = await runCliInProcess('parse', empty);
    expect(exitCode).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`no Rust files (*.rs) found in ${empty}`);
  });

  it('refuses a file over the size limit before parsing it, naming the file', async () => {
    const large = join(scratch, 'large.rs');
    const line = 'fn f(x: u32) -> u32 { x + 1 }\n';
    writeFileSync(large, `verus! {\n${line.repeat(Math.ceil(MAXIMUM_SOURCE_BYTES / line.length) + 1)}}\n`);
    const started = Date.now();
    const { exitCode, stderr } = await runCliInProcess('parse', large);
    expect(exitCode).toBe(1);
    expect(stderr).toMatch(new RegExp(`^${large.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1:1: the file is \\d+ bytes, over verus-repair's 4 MiB`));
    expect(stderr).not.toContain('internal error');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('turns tree-sitter giving up on a file into an error naming the file', async () => {
    const { parseVerusSource } = await import('../src/ir/index.js');
    const aborting = { scan: (): never => { throw new AdapterError('tree-sitter aborted while parsing (RuntimeError: Aborted())'); } };
    await expect(parseVerusSource('verus! { fn f() {} }', { file: 'src/lib.rs', parser: aborting })).rejects.toThrow(/^src\/lib\.rs:1:1: tree-sitter aborted while parsing .*too large or too deeply nested/);
  });

  it('tells the user what to do with a file that has no verus! block', async () => {
    const plain = join(scratch, 'plain-hint.rs');
    writeFileSync(plain, 'fn main() {}\n');
    const { stderr } = await runCliInProcess('parse', plain);
    expect(stderr).toContain('wrap the code in `verus! { ... }`');
    expect(stderr).toContain('pass --allow-plain-rust');
    expect(stderr).not.toContain('requireVerus');
  });
});
