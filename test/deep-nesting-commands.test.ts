import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseVerusSource } from '../src/ir/index.js';
import { runCliInProcess } from './run-cli-in-process.js';

// Synthetic sources: one function whose body nests `depth` delimiters inside `verus!` and the body braces.
const scratch = mkdtempSync(join(tmpdir(), 'deep-nesting-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function deepSource(depth: number, open: string, close: string): string {
  return `use vstd::prelude::*;\nverus! {\nfn f() -> u32 {\n    let x = ${open.repeat(depth)}1${close.repeat(depth)};\n    assert(true);\n    0\n}\n}\n`;
}

function write(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

/** Where the 501st delimiter of the whole file stands (`verus! {` and the body's `{` count). */
const PAST_THE_BOUND = ':4:511:';

describe.each([['parentheses', '(', ')'], ['brackets', '[', ']'], ['braces', '{', '}']])('6,000 nested %s', (label, open, close) => {
  const deep = write(`deep-${label}.rs`, deepSource(6000, open, close));

  it('parse: a clear error naming file, line and column, exit 1, no stack trace', async () => {
    const run = await runCliInProcess('parse', deep);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`${deep}${PAST_THE_BOUND} \`${open}\` nests more than 500 delimiters deep`);
    expect(run.stderr).not.toMatch(/internal error|RangeError|\n\s+at /);
  });

  it('guard: a deep candidate is rejected (exit 1), a deep original is bad input (exit 2)', async () => {
    const plain = write(`plain-${label}.rs`, deepSource(3, open, close));
    const candidate = await runCliInProcess('guard', '--original', plain, '--candidate', deep, '--json');
    expect(candidate.exitCode).toBe(1);
    expect(JSON.parse(candidate.stdout)).toMatchObject({ verdict: 'reject', violations: [{ rule: 'candidate-unparseable', line: 4 }] });
    const original = await runCliInProcess('guard', '--original', deep, '--candidate', plain);
    expect(original.exitCode).toBe(2);
    expect(original.stderr).toContain(`${deep}${PAST_THE_BOUND}`);
    expect(`${candidate.stderr}${original.stderr}`).not.toMatch(/internal error|RangeError|\n\s+at /);
  });

  it('bench generate: exit 2 naming the file, and no suite directory is created', async () => {
    const verified = join(scratch, `verified-${label}`);
    mkdirSync(verified);
    writeFileSync(join(verified, 'a-fine.rs'), deepSource(3, open, close));
    writeFileSync(join(verified, 'deep.rs'), readFileSync(deep));
    const out = join(scratch, `suite-${label}`);
    const run = await runCliInProcess('bench', 'generate', verified, '--out', out);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`${join(verified, 'deep.rs')}${PAST_THE_BOUND}`);
    expect(run.stderr).not.toMatch(/internal error|RangeError|\n\s+at /);
    expect(existsSync(out)).toBe(false);
  });
});

describe('nesting at the bound', () => {
  // verus! {, the body's {, N parentheses, a closure's and a loop's braces, assert's parenthesis: 2 + N + 3 delimiters deep.
  const closureLoop = (depth: number): string =>
    deepSource(depth, '(', ')').replace('1)', '|| { while true { assert(true); } })');

  it('parses 500 delimiters deep with the loop and asserts found, guards and generates; 501 deep is refused', async () => {
    const parsed = await parseVerusSource(closureLoop(495), { file: 'at-bound.rs' });
    expect(parsed.functions[0]?.loops).toHaveLength(1);
    expect(parsed.functions[0]?.proofStatements.map((statement) => statement.kind)).toEqual(['assert', 'assert']);
    await expect(parseVerusSource(closureLoop(496), { file: 'past.rs' })).rejects.toThrow('past.rs:4:533: `(` nests more than 500');
    const path = write('at-bound.rs', closureLoop(495));
    expect((await runCliInProcess('guard', '--original', path, '--candidate', path)).exitCode).toBe(0);
    const verified = join(scratch, 'verified-at-bound');
    mkdirSync(verified);
    writeFileSync(join(verified, 'at-bound.rs'), closureLoop(495));
    const run = await runCliInProcess('bench', 'generate', verified, '--out', join(scratch, 'suite-at-bound'));
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('wrote 2 tasks');
  });
});
