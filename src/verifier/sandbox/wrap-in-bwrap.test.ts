import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BWRAP_AVAILABLE, bwrapSuiteTitle } from '../../../test/fakes/bubblewrap.js';
import { runProcessJob } from '../run/run-process-job.js';
import { wrapInBwrap } from './wrap-in-bwrap.js';

const job = { command: ['cargo', 'build'], cwd: '/tmp/copy', env: { PATH: '/usr/bin', TMPDIR: '/home/me/tmp' }, timeoutMs: 1000, maxOutputBytes: 4096, cleanupCommands: [] };

describe('wrapInBwrap', () => {
  it('binds the writable and readable directories after the private /tmp (which would hide them), then runs the job in its directory', () => {
    const wrapped = wrapInBwrap(job, { program: 'bwrap', writable: ['/tmp/copy', '/work/target', '/tmp/copy'], readable: ['/tmp/harness'] });
    const tmpfs = wrapped.command.indexOf('--tmpfs');
    expect(wrapped.command.slice(tmpfs, tmpfs + 2)).toEqual(['--tmpfs', '/tmp']);
    expect(wrapped.command.slice(tmpfs + 2)).toEqual(['--ro-bind', '/tmp/harness', '/tmp/harness', '--bind', '/tmp/copy', '/tmp/copy', '--bind', '/work/target', '/work/target', '--chdir', '/tmp/copy', '--', 'cargo', 'build']);
    expect(wrapped.command.slice(0, 6)).toEqual(['bwrap', '--die-with-parent', '--unshare-pid', '--unshare-net', '--unshare-ipc', '--unshare-uts']);
    expect(wrapped.env).toEqual({ PATH: '/usr/bin', TMPDIR: '/tmp' });
  });
});

describe.skipIf(!BWRAP_AVAILABLE)(bwrapSuiteTitle('a bwrap job (real bwrap)'), () => {
  it('is killed whole on timeout: nothing of the sandboxed tree is left running', async () => {
    const marker = `sleep 60.${process.pid}`;
    const wrapped = wrapInBwrap({ ...job, command: ['sh', '-c', `${marker}; echo done`], cwd: '/', timeoutMs: 1500 }, { program: 'bwrap', writable: [] });
    expect((await runProcessJob(wrapped)).kind).toBe('timed-out');
    const survivors = () => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.startsWith(marker));
    // Polled rather than one fixed wait: on a loaded machine the killed tree may take a moment to be reaped.
    for (const deadline = Date.now() + 10_000; survivors().length > 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(survivors()).toEqual([]);
  }, 20_000);

  it('sees no process outside its namespace: its ancestors end at its own pid 1', () => {
    const wrapped = wrapInBwrap({ ...job, command: ['sh', '-c', 'ls /proc | grep -c "^[0-9]"'], cwd: '/' }, { program: 'bwrap', writable: [] });
    const count = Number(execFileSync(wrapped.command[0]!, wrapped.command.slice(1), { encoding: 'utf8', env: wrapped.env }).trim());
    expect(count).toBeLessThanOrEqual(4); // bwrap's init, sh, ls, grep
  });
});
