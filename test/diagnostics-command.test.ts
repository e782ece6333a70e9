import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { SHARED_CORPUS_DIRECTORY as CORPUS, SHARED_CORPUS_PRESENT, sharedCorpusTitle } from './fakes/shared-corpus.js';
import { runCliInProcess } from './run-cli-in-process.js';

const itOnCorpus = (title: string, test: () => Promise<void>): void => it.skipIf(!SHARED_CORPUS_PRESENT)(sharedCorpusTitle(title), test);

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'verus-repair-diagnostics-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const run = runCliInProcess;

function scratchFile(name: string, content: string | Uint8Array): string {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
}

describe('verus-repair diagnostics', () => {
  itOnCorpus('--json prints diagnostics with kind, message, severity, primary, secondary and function', async () => {
    const { exitCode, stdout } = await run('diagnostics', `${CORPUS}056.json`, '--json');
    expect(exitCode).toBe(0);
    const document = JSON.parse(stdout) as { diagnostics: Array<Record<string, unknown>>; summary: unknown; unparsedLineCount: number };
    expect(document.diagnostics).toHaveLength(2);
    expect(document.diagnostics[0]).toMatchObject({
      kind: 'precondition',
      message: 'precondition not satisfied',
      severity: 'error',
      primary: { file: '/var/folders/nh/_8qdng_n3357qvdjjrx5mchw0000gn/T/tmpuyg1ywn2', line: 85, column: 29, byteStart: 1701, byteEnd: 1712, label: null },
      secondary: [{ file: '/Users/syc/Desktop/verus/vstd/pervasive.rs', line: 179, column: 9, byteStart: 5502, byteEnd: 5507, label: 'failed precondition' }],
      function: null,
      failureSite: { line: 85, column: 29 },
    });
    expect(document.summary).toBeNull();
    expect(document.unparsedLineCount).toBe(0);
  });

  itOnCorpus('--root normalizes paths', async () => {
    const { stdout } = await run('diagnostics', `${CORPUS}056.json`, '--json', '--root', scratch);
    const document = JSON.parse(stdout) as { diagnostics: Array<{ primary: { file: string }; secondary: Array<{ file: string }> }> };
    expect(document.diagnostics[0]?.primary.file).toBe('<tmp>');
    expect(document.diagnostics[0]?.secondary[0]?.file).toBe('<vstd>/pervasive.rs');
  });

  itOnCorpus('lists diagnostics grouped by kind with file:line:col and the quoted line', async () => {
    const { exitCode, stdout } = await run('diagnostics', `${CORPUS}006.txt`);
    expect(exitCode).toBe(0);
    expect(stdout).toContain('precondition (1)');
    expect(stdout).toContain('invariant-at-loop-exit (1)');
    expect(stdout).toContain('src/Chap47/VecChainedHashTableStEph.rs:209:30  error: precondition not satisfied');
    expect(stdout).toContain('| let eq = feq(&bucket[scan_i].0, &key);');
    expect(stdout).toContain('- src/vstdplus/feq.rs:289:18 failed precondition');
    expect(stdout).toContain('2 diagnostics (2 errors); 1253 verified, 1 errors');
  });

  it.each(['--source', '--root'])('exits 2 when %s names a missing directory or a file', async (option) => {
    const output = scratchFile('clean-for-options.txt', 'verification results:: 12 verified, 0 errors\n');
    const missing = await run('diagnostics', output, option, join(scratch, 'no-such-directory'));
    expect(missing.exitCode).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr.trim()).toBe(`verus-repair: ${option} ${join(scratch, 'no-such-directory')}: no such directory`);
    const file = await run('diagnostics', output, option, output);
    expect(file.exitCode).toBe(2);
    expect(file.stderr).toContain(`${option} ${output}: not a directory`);
  });

  it('exits 0 on valid output without diagnostics', async () => {
    const { exitCode, stdout } = await run('diagnostics', scratchFile('clean.txt', 'verification results:: 12 verified, 0 errors\n'), '--json');
    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ diagnostics: [], summary: { verified: 12, errors: 0 } });
  });

  it.each([
    ['a missing file', () => join(scratch, 'missing.txt'), /missing\.txt: cannot read recorded output: no such file$/m],
    ['a directory', () => scratch, /is a directory/],
    ['non-UTF-8 bytes', () => scratchFile('latin1.txt', Uint8Array.from([...Buffer.from('error: caf'), 0xe9, 0x0a])), /latin1\.txt:1:11: not UTF-8: invalid byte 0xe9 at byte offset 10/],
    ['binary garbage', () => scratchFile('binary.bin', Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00])), /binary\.bin:1:7: binary data/],
  ])('exits 2 with one line naming the file for %s', async (_, path, message) => {
    const { exitCode, stdout, stderr } = await run('diagnostics', path());
    expect(exitCode).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('verus-repair diagnostics as a process', () => {
  const spawnCli = (args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', 'src/cli/run.ts', ...args], { cwd: REPOSITORY }, (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr }),
      );
      child.stdin?.end(input);
    });

  it('reads stdin for `-` and exits 0', async () => {
    const { code, stdout } = await spawnCli(['diagnostics', '-', '--json'], 'error: possible division by zero\n  --> src/lib.rs:3:13\n');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ diagnostics: [{ kind: 'division-by-zero', primary: { file: 'src/lib.rs', line: 3, column: 13, byteStart: null } }] });
  }, 30_000);

  it('exits 2 on a missing file', async () => {
    const { code, stderr } = await spawnCli(['diagnostics', 'no/such/file.txt'], '');
    expect(code).toBe(2);
    expect(stderr).toContain('no/such/file.txt: cannot read recorded output: no such file');
  }, 30_000);
});
