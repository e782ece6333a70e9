import path from 'node:path';
import { runProcessJob } from '../../verifier/run/run-process-job.js';
import { throwAbortReason } from '../../verifier/runners/throw-if-aborted.js';
import type { Sandbox } from '../../verifier/sandbox/sandbox.js';
import { wrapInBwrap } from '../../verifier/sandbox/wrap-in-bwrap.js';
import type { FunctionCheckPlan } from '../plan/function-check-plan.js';
import { seedLiteralsEnvironment } from '../inputs/seed-inputs.js';
import { mergeHarnessSegments, type Interruption } from './merge-harness-segments.js';
import { readHarnessOutput, type HarnessLine } from './read-harness-output.js';

export interface RunSettings {
  executable: string;
  directory: string;
  budget: number;
  seed: number;
  callTimeoutMs: number;
  /** The harness process's heap cap ([spec_check] memory_mb). */
  memoryMb: number;
  /** Also look for a perturbed result the ensures accepts (weak-postcondition witness). */
  perturbResults?: boolean;
  environment: NodeJS.ProcessEnv;
  /** Variables the harness process gets besides PATH: a mutant schema's active mutant (review's spec tests). */
  runEnvironment?: Readonly<Record<string, string>>;
  /** Where the harness was built (buildHarness): under bwrap it runs there too, writing nothing but its own /tmp. */
  sandbox?: Sandbox;
  signal?: AbortSignal;
}

export type HarnessRun =
  | { ok: true; lines: HarnessLine[]; ignored: number; wallTimeMs: number; command: string[]; interruptions: Interruption[]; untried: number }
  | { ok: false; reason: string; lines: HarnessLine[]; wallTimeMs: number; command: string[] };

/** A function's check stops after this many inputs that did not finish: each costs a call timeout and a process. */
export const MAXIMUM_INTERRUPTIONS = 5;
const MAX_OUTPUT_BYTES = 1 << 20;

/**
 * Runs the built harness for one function, as its own process. A call that runs past the call
 * timeout or the memory cap cannot be stopped inside that process, so the harness ends it there
 * after saying which input it was; a new process resumes after that input, up to
 * MAXIMUM_INTERRUPTIONS, and the processes' outputs are merged. Each process gets a bounded time
 * of its own on top of the per-call limit the harness enforces.
 */
export async function runFunctionCheck(plan: FunctionCheckPlan, settings: RunSettings): Promise<HarnessRun> {
  const segments: HarnessLine[][] = [];
  let ignored = 0;
  let wallTimeMs = 0;
  let first: string[] = [];
  for (let start = 0, interruptions = 0; ; ) {
    const segment = await runSegment(plan, settings, start);
    wallTimeMs += segment.wallTimeMs;
    if (segments.length === 0) first = segment.command;
    if (!segment.ok) return { ...segment, wallTimeMs, command: first };
    ignored += segment.ignored;
    segments.push(segment.lines);
    const summary = segment.lines.find((line) => line.type === 'summary');
    const interrupted = segment.lines.some((line) => line.type === 'timed-out' || line.type === 'memory-exceeded');
    if (!interrupted || summary?.type !== 'summary' || summary.next >= summary.total || ++interruptions >= MAXIMUM_INTERRUPTIONS) break;
    start = summary.next;
  }
  return { ok: true, ...mergeHarnessSegments(segments), ignored, wallTimeMs, command: first };
}

async function runSegment(plan: FunctionCheckPlan, settings: RunSettings, start: number): Promise<(HarnessRun & { ok: false }) | { ok: true; lines: HarnessLine[]; ignored: number; wallTimeMs: number; command: string[] }> {
  const command = [settings.executable, String(plan.index), String(settings.budget), String(settings.seed), String(settings.callTimeoutMs), settings.perturbResults === true ? '1' : '0', String(start), String(settings.memoryMb)];
  // The function's literals go in the environment (seedInputsCode): the harness's code does not carry them.
  const env: Record<string, string> = { ...settings.runEnvironment, ...seedLiteralsEnvironment(plan.literals ?? { chars: [], integers: [] }), RUST_BACKTRACE: '0' };
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
  if (outcome.exitCode !== 0 || !lines.some((line) => line.type === 'summary')) {
    const how = outcome.signal !== null ? `was killed by ${outcome.signal}` : `exited with code ${outcome.exitCode}`;
    return { ok: false, reason: `the harness process ${how} before its summary (a stack overflow or panic = "abort" in the crate's profile?): ${outcome.stderr.text.trim().split('\n').slice(-4).join('\n')}`, ...facts };
  }
  return { ok: true, ignored, ...facts };
}
