import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createFakeSetup, isProcessAlive, readMarkerProcess, type ProcessIdentity } from '../../../test/fakes/fake-environment.js';
import { killRecordedProcesses, survivingProcesses, waitForRecordedProcesses } from '../../../test/fakes/recorded-processes.js';
import { startTypeScript } from '../../../test/fakes/run-cli.js';
import type { ProcessJob } from '../jobs/process-job.js';
import { LIFELINE_NAME } from './build-lifeline-command.js';
import { runProcessJob } from './run-process-job.js';
import { removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);
let recorded: ProcessIdentity[] = [];
afterEach(() => {
  killRecordedProcesses(recorded);
  recorded = [];
});

const JOB_PARENT = path.resolve(import.meta.dirname, '..', '..', '..', 'test', 'fakes', 'run-job-and-wait.ts');
/**
 * A job that records its shell's pid and that of a child sleeping in its process group (as cargo's
 * rustc), then waits. It records after a moment: a death in the instant between the job's spawn and
 * the lifeline being told its group goes unseen (start-lifeline.ts), and a test killing at the
 * first sign of the job would aim at that instant on a loaded machine.
 */
const SLEEPING_TREE = (file: string) => ['sh', '-c', `sleep 300 & sleep 0.5; echo $$ >> '${file}'; echo $! >> '${file}'; wait`];

function job(command: string[], overrides: Partial<ProcessJob> = {}): ProcessJob {
  return { command, cwd: process.cwd(), env: { PATH: process.env['PATH'] ?? '' }, timeoutMs: 20_000, maxOutputBytes: 4096, cleanupCommands: [], ...overrides };
}

/** The lifelines this process started that still run. */
function lifelines(): string[] {
  const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).split('\n');
  return children.filter((line) => line.includes(LIFELINE_NAME));
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

  it('when verus-repair is killed by SIGKILL, its job and the job\'s children end too', async () => {
    const fake = createFakeSetup('run-never-called');
    const parent = startTypeScript(JOB_PARENT, [JSON.stringify(job(SLEEPING_TREE(`${fake.markerFile}.processes`), { timeoutMs: null }))], { PATH: process.env['PATH'] ?? '' });
    recorded = (await waitForRecordedProcesses(fake.markerFile, 2)) ?? [];
    expect(recorded).toHaveLength(2);
    parent.kill('SIGKILL');
    await parent;
    expect(await survivingProcesses(recorded)).toEqual([]);
  }, 60_000);

  it('when verus-repair is killed by SIGKILL, the job\'s cleanup commands run (a docker client killed leaves its container)', async () => {
    const fake = createFakeSetup('run-docker-timeout');
    const killed = job(SLEEPING_TREE(`${fake.markerFile}.processes`), { env: fake.environment as Record<string, string>, timeoutMs: null, cleanupCommands: [['docker', 'rm', '-f', 'verus-repair-abc-1']] });
    const parent = startTypeScript(JOB_PARENT, [JSON.stringify(killed)], { PATH: process.env['PATH'] ?? '' });
    recorded = (await waitForRecordedProcesses(fake.markerFile, 2)) ?? [];
    expect(recorded).toHaveLength(2);
    expect(fake.readInvocations()).toEqual([]);
    parent.kill('SIGKILL');
    await parent;
    expect(await survivingProcesses(recorded)).toEqual([]);
    for (const deadline = Date.now() + 10_000; fake.readInvocations().length === 0 && Date.now() < deadline; ) await sleep(100);
    expect(fake.readInvocations()).toEqual([expect.objectContaining({ tool: 'docker', argv: ['rm', '-f', 'verus-repair-abc-1'] })]);
  }, 60_000);

  it('after a job that ended normally, the lifeline leaves and runs no cleanup', async () => {
    const fake = createFakeSetup('run-docker-timeout');
    const outcome = await runProcessJob(job(['sh', '-c', 'exit 3'], { env: fake.environment as Record<string, string>, cleanupCommands: [['docker', 'rm', '-f', 'verus-repair-abc-1']] }));
    expect(outcome).toMatchObject({ kind: 'exited', exitCode: 3 });
    for (const deadline = Date.now() + 10_000; lifelines().length > 0 && Date.now() < deadline; ) await sleep(100);
    expect(lifelines()).toEqual([]);
    expect(fake.readInvocations()).toEqual([]);
  });
});

