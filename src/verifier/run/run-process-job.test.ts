import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, isProcessAlive, readMarkerProcess } from '../../../test/fakes/fake-environment.js';
import type { ProcessJob } from '../jobs/process-job.js';
import { runProcessJob } from './run-process-job.js';
import { removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

function job(command: string[], overrides: Partial<ProcessJob> = {}): ProcessJob {
  return { command, cwd: process.cwd(), env: { PATH: process.env['PATH'] ?? '' }, timeoutMs: 20_000, maxOutputBytes: 4096, cleanupCommands: [], ...overrides };
}

describe('runProcessJob', () => {
  it('reports a missing program as spawn-failed ENOENT instead of throwing', async () => {
    const outcome = await runProcessJob(job(['verus-repair-no-such-program']));
    expect(outcome.kind).toBe('spawn-failed');
    if (outcome.kind === 'spawn-failed') expect(outcome.errorCode).toBe('ENOENT');
  });

  it('captures stdout and stderr separately with the exit code', async () => {
    const outcome = await runProcessJob(job(['sh', '-c', 'printf out; printf err >&2; exit 7']));
    expect(outcome).toMatchObject({ kind: 'exited', exitCode: 7, signal: null, stdout: { text: 'out' }, stderr: { text: 'err' } });
  });

  it('passes exactly the job environment', async () => {
    const outcome = await runProcessJob(job(['sh', '-c', 'echo "$ONLY_THIS|${HOME:-unset}"'], { env: { PATH: process.env['PATH'] ?? '', ONLY_THIS: 'yes' } }));
    expect(outcome.stdout.text).toBe('yes|unset\n');
  });

  it('on timeout kills the whole process tree: a grandchild never writes its marker', async () => {
    const fake = createFakeSetup('run-timeout-tree');
    const outcome = await runProcessJob(
      job(['verus', 'lib.rs', '--crate-type=lib', '--error-format=json', '--output-json', '--time', '--rlimit', '10'], {
        env: fake.environment as Record<string, string>,
        timeoutMs: 700,
      }),
    );
    expect(outcome.kind).toBe('timed-out');
    const pidFile = `${fake.markerFile}.pid`;
    expect(existsSync(pidFile)).toBe(true);
    const childPid = readMarkerProcess(pidFile);
    await sleep(2000);
    expect(existsSync(fake.markerFile)).toBe(false);
    expect(isProcessAlive(childPid)).toBe(false);
  });

  it('kills the tree when aborted and reports it as aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const outcome = await runProcessJob(job(['sh', '-c', 'sleep 30']), { signal: controller.signal });
    expect(outcome.kind).toBe('aborted');
  });

  it('runs the cleanup commands after a kill', async () => {
    const fake = createFakeSetup('run-docker-timeout');
    const outcome = await runProcessJob(
      job(['sh', '-c', 'sleep 30'], { env: fake.environment as Record<string, string>, timeoutMs: 300, cleanupCommands: [['docker', 'rm', '-f', 'verus-repair-abc-1']] }),
    );
    expect(outcome.kind).toBe('timed-out');
    expect(fake.readInvocations()).toEqual([expect.objectContaining({ tool: 'docker', argv: ['rm', '-f', 'verus-repair-abc-1'] })]);
  });

  it('bounds huge output: megabytes in, the budget out', async () => {
    const outcome = await runProcessJob(job(['sh', '-c', 'head -c 5000000 /dev/zero | tr "\\0" x; echo; echo LAST-LINE'], { maxOutputBytes: 10_000 }));
    expect(outcome.stdout.totalBytes).toBe(5_000_011);
    expect(outcome.stdout.text.length).toBeLessThan(11_000);
    expect(outcome.stdout.text).toContain('bytes of output omitted');
    expect(outcome.stdout.text.trimEnd().endsWith('LAST-LINE')).toBe(true);
  });
});
