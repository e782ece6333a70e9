import { readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory } from './temporary-directory.js';

/** test/fakes/bin: the fake `verus`, `cargo-verus` and `docker` executables. */
export const FAKE_BIN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bin');

/** test/fixtures/verus: where the `run-*` scenario directories live. */
export const SCENARIO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'verus');

/**
 * The variables the fakes read; a runner must be told to pass them through (verifier.pass_env).
 * VERUS_REPAIR_FAKE_VERSION (unset by default) makes the fake claim that Verus version instead of
 * `fake`: only for tests of a consumer's version comparison, which must set it themselves.
 */
export const FAKE_PASS_ENV = ['VERUS_REPAIR_FAKE_SCENARIO', 'VERUS_REPAIR_FAKE_LOG', 'VERUS_REPAIR_FAKE_MARKER', 'VERUS_REPAIR_FAKE_VERSION'];

/**
 * One logged call of a fake: its argv, working directory and, for `docker run`, the files under each
 * mount source. For `cargo verus` runs the fake's model also records the packages whose Verus
 * verification ran on this call (a fresh unit is not re-verified) and cargo's target directory.
 */
export interface FakeInvocation {
  tool: string;
  argv: string[];
  cwd: string;
  mounted?: Record<string, string[]>;
  verifiedPackages?: string[];
  targetDir?: string;
}

/** One test's fake setup: an environment for the runner and the files the fakes write. */
export interface FakeSetup {
  environment: NodeJS.ProcessEnv;
  logFile: string;
  markerFile: string;
  /** The argv lines the fakes logged, in order. */
  readInvocations(): FakeInvocation[];
}

/**
 * An environment whose PATH starts with the fakes (unless `withFakes` is false) and that names a
 * scenario. Built as a fresh object: the test process's own environment is never modified. A
 * decoy secret is included so tests can check that runners do not forward it.
 */
export function createFakeSetup(scenario: string, options: { withFakes?: boolean; path?: string } = {}): FakeSetup {
  const directory = createTemporaryDirectory('fake');
  const logFile = path.join(directory, 'invocations.jsonl');
  const markerFile = path.join(directory, 'marker');
  const basePath = options.path ?? process.env['PATH'] ?? '';
  const environment: NodeJS.ProcessEnv = {
    PATH: options.withFakes === false ? basePath : `${FAKE_BIN_DIR}${path.delimiter}${basePath}`,
    HOME: process.env['HOME'] ?? os.homedir(),
    RUSTFLAGS: '--cfg decoy_must_not_reach_cargo',
    OPENAI_API_KEY: 'decoy-secret-must-not-leak',
    VERUS_REPAIR_FAKE_SCENARIO: path.join(SCENARIO_ROOT, scenario),
    VERUS_REPAIR_FAKE_LOG: logFile,
    VERUS_REPAIR_FAKE_MARKER: markerFile,
  };
  for (const name of ['CARGO_HOME', 'RUSTUP_HOME']) if (process.env[name] !== undefined) environment[name] = process.env[name];
  return {
    environment,
    logFile,
    markerFile,
    readInvocations: () =>
      existsSync(logFile)
        ? readFileSync(logFile, 'utf8').trim().split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as FakeInvocation)
        : [],
  };
}

/** A process as a test saw it: its pid and its start time (field 22 of /proc/PID/stat), null when it was already gone. */
export interface ProcessIdentity {
  pid: number;
  start: string | null;
}

/** The process whose pid a fake wrote to `pidFile`, with its start time read at once, so a reused pid is never taken for it. */
export function readMarkerProcess(pidFile: string): ProcessIdentity {
  return readProcessIdentity(Number(readFileSync(pidFile, 'utf8')));
}

/** A running process by pid, with its start time read now. */
export function readProcessIdentity(pid: number): ProcessIdentity {
  return { pid, start: readProcessStat(pid)?.start ?? null };
}

/**
 * Whether a process still exists (signal 0 probes without killing). Given an identity, a process
 * that started at another time is another process: pids wrap (pid_max 32768 on CI machines), and a
 * busy CI run can hand a killed process's pid to a new one within seconds.
 */
export function isProcessAlive(process_: number | ProcessIdentity): boolean {
  const { pid, start } = typeof process_ === 'number' ? { pid: process_, start: null } : process_;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = readProcessStat(pid);
  if (stat === null) return true;
  if (start !== null && stat.start !== start) return false;
  // A killed process whose parent died is a zombie until init reaps it, and a sandbox's init may
  // never do so; a zombie runs no code, so it counts as dead.
  return stat.state !== 'Z';
}

function readProcessStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name (which may hold spaces and parentheses): state is field 3, starttime field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return null;
  }
}
