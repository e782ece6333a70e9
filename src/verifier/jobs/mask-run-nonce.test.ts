import { describe, expect, it } from 'vitest';
import { buildVerusCommand } from './build-verus-command.js';
import { maskRunNonce } from './mask-run-nonce.js';

const options = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 1000, extraVerusArgs: [] };

describe('maskRunNonce', () => {
  it('records two runs of one check with the same argv, though each sent its own log directory', () => {
    const run = (nonce: string) => maskRunNonce(['cargo', ...buildVerusCommand({ kind: 'crate', crateDir: '/c' }, options, { relativeFile: null, offline: false, runNonce: nonce }).args], nonce);
    expect(run('00112233445566ff')).toEqual(run('ffeeddccbbaa9988'));
    expect(run('00112233445566ff')).toContain('.verus-log/verus-repair-<nonce>');
  });

  it('masks the nonce inside a longer argument (the Docker runner\'s sh -c line) and leaves argv alone without one', () => {
    expect(maskRunNonce(['sh', '-c', 'exec cargo verus verify -- --log-dir .verus-log/verus-repair-abc'], 'abc')).toEqual(['sh', '-c', 'exec cargo verus verify -- --log-dir .verus-log/verus-repair-<nonce>']);
    expect(maskRunNonce(['verus', 'lib.rs'], null)).toEqual(['verus', 'lib.rs']);
  });
});
