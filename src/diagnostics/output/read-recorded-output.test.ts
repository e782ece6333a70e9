import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/errors.js';
import { readRecordedOutput } from './read-recorded-output.js';

describe('readRecordedOutput', () => {
  it('reads stdin for `-` and for no file', async () => {
    await expect(readRecordedOutput('-', Readable.from([Buffer.from('error: x\n'), Buffer.from('  --> a.rs:1:1\n')]))).resolves.toEqual({ name: '<stdin>', text: 'error: x\n  --> a.rs:1:1\n' });
    await expect(readRecordedOutput(undefined, Readable.from(['verification results:: 1 verified, 0 errors\n']))).resolves.toMatchObject({ text: 'verification results:: 1 verified, 0 errors\n' });
  });

  it('refuses a terminal as stdin instead of waiting for input', async () => {
    const terminal = Object.assign(Readable.from([]), { isTTY: true });
    await expect(readRecordedOutput(undefined, terminal)).rejects.toMatchObject({ name: 'ConfigurationError', message: expect.stringMatching(/^diagnostics: no input \(stdin is a terminal\)/) });
  });

  it('names stdin in the error for bytes that are not UTF-8', async () => {
    const error: unknown = await readRecordedOutput('-', Readable.from([Buffer.from([0x61, 0x0a, 0xc3, 0x28])])).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe('<stdin>:2:1: not UTF-8: invalid byte 0xc3 at byte offset 2');
  });
});
