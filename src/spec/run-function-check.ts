import path from 'node:path';
import { runProcessJob } from '../verifier/run/run-process-job.js';
import { throwAbortReason } from '../verifier/runners/throw-if-aborted.js';
import type { Sandbox } from '../verifier/sandbox/sandbox.js';
import { wrapInBwrap } from '../verifier/sandbox/wrap-in-bwrap.js';
import type { FunctionCheckPlan } from './function-check-plan.js';
import { readHarnessOutput, type HarnessLine } from './read-harness-output.js';

export interface RunSettings {
  executable: string;
  directory: string;
  budget: number;
  seed: number;
  callTimeoutMs: number;
  /** Also look for a perturbed result the ensures accepts (weak-postcondition witness). */
  perturbResults?: boolean;
  environment: NodeJS.ProcessEnv;
  /** Where the harness was built (buildHarness): under bwrap it runs there too, writing nothing but its own /tmp. */
  sandbox?: Sandbox;
  signal?: AbortSignal;
}

export type HarnessRun =
  | { ok: true; lines: HarnessLine[]; ignored: number; wallTimeMs: number; command: string[] }
  | { ok: false; reason: string; lines: HarnessLine[]; wallTimeMs: number; command: string[] };

const MAX_OUTPUT_BYTES = 1 << 20;

/**
 * Runs the built harness for one function, as its own process: a call that hangs ends only that
 * function's check. The process gets a bounded time of its own on top of the per-call limit the
 * harness enforces.
 */
export async function runFunctionCheck(plan: FunctionCheckPlan, settings: RunSettings): Promise<HarnessRun> {
  const command = [settings.executable, String(plan.index), String(settings.budget), String(settings.seed), String(settings.callTimeoutMs), settings.perturbResults === true ? '1' : '0'];
  const env: Record<string, string> = { RUST_BACKTRACE: '0' };
  if (settings.environment['PATH'] !== undefined) env['PATH'] = settings.environment['PATH'];
  const job = { command, cwd: settings.directory, env, timeoutMs: settings.callTimeoutMs * 4 + 120_000, maxOutputBytes: MAX_OUTPUT_BYTES, cleanupCommands: [] };
  const outcome = await runProcessJob(
    settings.sandbox?.kind === 'bwrap' ? wrapInBwrap(job, { program: settings.sandbox.program, writable: [], readable: [settings.directory, path.dirname(settings.executable)] }) : job,
    settings.signal === undefined ? {} : { signal: settings.signal },
  );
  if (outcome.kind === 'aborted') throwAbortReason(settings.signal);
  const { lines, ignored } = readHarnessOutput(outcome.stdout.text);
  const facts = { lines, wallTimeMs: outcome.wallTimeMs, command };
  if (outcome.kind === 'spawn-failed') return { ok: false, reason: `the harness could not start: ${outcome.message}`, ...facts };
  if (outcome.kind === 'timed-out') return { ok: false, reason: `the harness process ran longer than ${outcome.timeoutMs} ms`, ...facts };
  const ended = lines.some((line) => line.type === 'summary' || line.type === 'timed-out');
  if (outcome.exitCode !== 0 || !ended) {
    const how = outcome.signal !== null ? `was killed by ${outcome.signal}` : `exited with code ${outcome.exitCode}`;
    return { ok: false, reason: `the harness process ${how} before its summary (a stack overflow or panic = "abort" in the crate's profile?): ${outcome.stderr.text.trim().split('\n').slice(-4).join('\n')}`, ...facts };
  }
  return { ok: true, ignored, ...facts };
}
