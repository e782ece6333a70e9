import { appendFileSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startCli } from '../fakes/run-cli.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { MIXED_SOURCE } from './mixed-schema-source.js';
import { ReviewChangesRepository } from './review-changes-repository.js';

afterAll(removeTemporaryDirectories);

const SCHEMA_DIRECTORY_PREFIX = 'verus-repair-review-schema-';

/** A process the review started, directly or through its sandbox: its pid and its start time (so a reused pid is not mistaken for it). */
interface SeenProcess {
  pid: number;
  startTime: string;
}

/** The start time field of /proc/PID/stat, or null once the process left (a zombie counts as left). */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? null : fields[19]!;
  } catch {
    return null;
  }
}

/**
 * Every process below `root`, found by parent links in /proc: the sandbox (bwrap --new-session
 * --unshare-pid) puts cargo in a session of its own, so the review's process group does not hold it.
 */
function descendantsOf(root: number): SeenProcess[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process left while the table was read.
    }
  }
  const found: SeenProcess[] = [];
  for (const pending = [root]; pending.length > 0; ) {
    for (const pid of children.get(pending.pop()!) ?? []) {
      const startTime = startTimeOf(pid);
      if (startTime !== null) found.push({ pid, startTime });
      pending.push(pid);
    }
  }
  return found;
}

/** What a running process is doing, as far as the test can tell from /proc (null once it left). */
function describeProcess(pid: number): { cwd: string; argv: string[]; environment: string[] } | null {
  try {
    return {
      cwd: readlinkSync(`/proc/${pid}/cwd`),
      argv: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'),
      environment: readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0'),
    };
  } catch {
    return null;
  }
}

type ProcessView = NonNullable<ReturnType<typeof describeProcess>>;

/** The moments the test interrupts at, told apart by what the review's children are running. */
const MOMENTS = {
  // rustc compiling the schema crate: its working directory is the schema's copy.
  'the schema build': (seen: ProcessView) => path.basename(seen.cwd).startsWith(SCHEMA_DIRECTORY_PREFIX) && /(^|\/)rustc$/.test(seen.argv[0] ?? ''),
  // The schema's test binary (cargo's deps/ output) running with a mutant active: its id set, not 0.
  'a schema test run': (seen: ProcessView) => path.basename(seen.cwd).startsWith(SCHEMA_DIRECTORY_PREFIX) && /\/debug\/deps\//.test(seen.argv[0] ?? '') && seen.environment.some((entry) => /^VERUS_REPAIR_MUTANT=[1-9]/.test(entry)),
} as const;

/** Polls until the moment is reached; every process seen below `root` meanwhile goes into `seen`. */
async function waitForMoment(root: number, moment: keyof typeof MOMENTS, deadlineMs: number, seen: Map<number, string>): Promise<boolean> {
  for (const deadline = Date.now() + deadlineMs; Date.now() < deadline; await sleep(20)) {
    for (const { pid, startTime } of descendantsOf(root)) {
      seen.set(pid, startTime);
      const view = describeProcess(pid);
      if (view !== null && MOMENTS[moment](view)) return true;
    }
  }
  return false;
}

/** The processes of `seen` that still run (the same pid with the same start time). */
function stillRunning(seen: ReadonlyMap<number, string>): number[] {
  return [...seen].filter(([pid, startTime]) => startTimeOf(pid) === startTime).map(([pid]) => pid);
}

describe('verus-repair review: interrupted while the mutant schema builds or runs (real cargo)', () => {
  // After the build, the next review runs too: a killed build is what could leave a half-written
  // target that a later build reuses. A killed test run leaves nothing cargo reads again (its binary
  // was built before), so that case stops at what the interruption itself must leave.
  it.each([['the schema build', true], ['a schema test run', false]] as Array<[keyof typeof MOMENTS, boolean]>)('Ctrl-C during %s: exit 130, no child left, no schema copy left (then the next review completes: %s)', async (moment, rerun) => {
    // The crate in its own repository, with the fake verifier's oracle for its mutants (each fails to verify) and the real erased cargo stages.
    const repo = new ReviewChangesRepository();
    const crate = repo.crate;
    writeFileSync(path.join(crate, 'src', 'lib.rs'), MIXED_SOURCE);
    await repo.writeOracle();
    // Each cargo step within 10 s: the looping mutant costs that much, and the crate builds in a second or two with vstd warm.
    appendFileSync(path.join(crate, 'verus-repair.toml'), 'timeout_ms = 10000\n');
    repo.commit('base');
    // The review's scratch copies (the schema among them) go under a temporary directory of this test's own, so that what is left there is this review's.
    const scratch = createTemporaryDirectory('schema-interrupt-tmp');
    const environment = { ...repo.fake.environment, TMPDIR: scratch };
    const child = startCli(['review', crate, '--json', '--no-vacuity', '--jobs', '1'], environment, undefined, { detached: true });
    const group = child.pid ?? 0;
    const seen = new Map<number, string>();
    const reached = await waitForMoment(group, moment, 100_000, seen);
    expect(reached, `the review never reached ${moment}`).toBe(true);
    process.kill(-group, 'SIGINT');
    const result = await child;
    expect(result.exitCode, String(result.stderr)).toBe(130);
    expect(String(result.stderr)).toContain('verus-repair: review interrupted; its cargo and verifier processes were stopped');
    expect(String(result.stderr)).not.toMatch(/\n\s+at /);
    // Every process the review started, its sandboxed cargo, rustc and test binaries among them, has stopped.
    for (const deadline = Date.now() + 10_000; stillRunning(seen).length > 0 && Date.now() < deadline; ) await sleep(100);
    expect(stillRunning(seen)).toEqual([]);
    expect(readdirSync(scratch).filter((name) => name.startsWith('verus-repair-'))).toEqual([]);
    if (!rerun) return;
    // The interrupted cargo left its target directory as cargo leaves a killed build: the next review rebuilds what it must and settles every mutant.
    const again = await startCli(['review', crate, '--json', '--no-vacuity', '--jobs', '1'], environment);
    // Exit 0: the oracle fails every mutant the erased stages leave, so none survives and nothing is a finding.
    expect(again.exitCode, String(again.stderr)).toBe(0);
    const review = JSON.parse(String(again.stdout).trim().split('\n').at(-1)!) as { erasedSchema: { abandoned: string | null; settledBySchema: number }; mutants: Array<{ verdict: { status: string } }> };
    expect(review.erasedSchema.abandoned).toBeNull();
    expect(review.mutants.filter((entry) => entry.verdict.status === 'unsettled')).toEqual([]);
    expect(review.mutants.some((entry) => entry.verdict.status === 'timed-out')).toBe(true);
    expect(readdirSync(scratch).filter((name) => name.startsWith('verus-repair-'))).toEqual([]);
  }, 300_000);
});
