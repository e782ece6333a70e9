import { describe, expect, it } from 'vitest';
import { AdapterError, ConfigurationError, InputError, InternalError, VerusRepairError } from '../core/errors.js';
import { ExitError } from './exit-error.js';
import { exitCodeFor } from './exit-code-for.js';

class CassetteProblem extends InputError {}
class UnlistedError extends VerusRepairError {
  override readonly name: string = 'UnlistedError';
}

describe('exitCodeFor', () => {
  it('maps the user\'s bad input and configuration to exit 2, subclasses included', () => {
    expect(exitCodeFor(new ConfigurationError('bad key'))).toMatchObject({ exitCode: 2, kind: 'ConfigurationError', message: 'verus-repair: bad key' });
    expect(exitCodeFor(new InputError('empty', 'the file is empty', { file: 'a.rs', line: 1, column: 1 }))).toMatchObject({ exitCode: 2, message: 'verus-repair: a.rs:1:1: the file is empty' });
    expect(exitCodeFor(new CassetteProblem('cassette-miss', 'no answer', { file: 'c.jsonl', line: 3, column: 1 })).exitCode).toBe(2);
  });

  it('keeps an ExitError\'s own code and adapter failures at 1', () => {
    expect(exitCodeFor(new ExitError(130, 'verus-repair: interrupted'))).toMatchObject({ exitCode: 130, message: 'verus-repair: interrupted' });
    expect(exitCodeFor(new ExitError(1))).toMatchObject({ exitCode: 1, message: null });
    expect(exitCodeFor(new AdapterError('docker is not running')).exitCode).toBe(1);
  });

  it('never prints a stack trace for a verus-repair error, and prints one for a foreign error', () => {
    for (const error of [new InternalError('span out of range'), new UnlistedError('odd state'), new ConfigurationError('bad key')]) {
      const { message } = exitCodeFor(error);
      expect(message).not.toMatch(/\n\s+at /);
    }
    expect(exitCodeFor(new InternalError('span out of range'))).toMatchObject({ exitCode: 70, kind: 'InternalError' });
    expect(exitCodeFor(new UnlistedError('odd state'))).toMatchObject({ exitCode: 70, message: 'verus-repair: internal error: UnlistedError: odd state' });
    const foreign = exitCodeFor(new TypeError('x is undefined'));
    expect(foreign).toMatchObject({ exitCode: 70, kind: 'InternalError' });
    expect(foreign.message).toMatch(/internal error: TypeError: x is undefined\n\s+at /);
  });

  it('prints an error about a path argument with the path, not a made-up file position', () => {
    const missing = new InputError('missing-path', 'no such file or directory', { file: 'nonexist.rs', line: 1, column: 1 });
    expect(exitCodeFor(missing).message).toBe('verus-repair: nonexist.rs: no such file or directory');
    // A problem in a file keeps its position, also at the start of the file.
    expect(exitCodeFor(new InputError('non-utf8', 'not UTF-8', { file: 'a.rs', line: 1, column: 1 })).message).toBe('verus-repair: a.rs:1:1: not UTF-8');
    expect(exitCodeFor(new InputError('unbalanced-delimiter', '--x', { file: 'a.rs', line: 2, column: 5 })).message).toBe('verus-repair: a.rs:2:5: --x');
  });
});
