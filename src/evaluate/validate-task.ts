import { rm } from 'node:fs/promises';
import path from 'node:path';
import { countErrorsByKind } from '../repair/checked-candidate.js';
import { readVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { createVerifier } from '../verifier/create-verifier.js';
import { CargoPrechecker } from '../verifier/precheck/cargo-prechecker.js';
import { isolateScratchDirectory } from '../verifier/precheck/isolate-scratch-package.js';
import { buildAttemptConfig } from './attempt-workspace.js';
import { writeTaskCrate } from './write-task-crate.js';
import type { BenchTask } from './bench-task.js';
import type { TaskValidity } from './task-validity.js';
import type { VstdPin } from '../verifier/toolchain/toolchain-pin.js';

/**
 * A task counts only if its broken file passes the erased pre-check and the verifier rejects it:
 * otherwise there is nothing (or nothing verifiable) to repair, and it is reported, not counted.
 */
export async function validateTask(task: BenchTask, directory: string, tables: { verifier: Record<string, unknown> | null; queue: Record<string, unknown> | null }, vstd: VstdPin, runner: 'docker' | 'local' | 'queue' | null, environment: NodeJS.ProcessEnv): Promise<TaskValidity> {
  await rm(directory, { recursive: true, force: true });
  const crateDir = path.join(directory, 'crate');
  await writeTaskCrate(crateDir, task, vstd);
  // Tasks built from one crate (its broken variants) share the bench's target directory: each gets a package name of its own.
  await isolateScratchDirectory(crateDir);
  const read = readVerifierConfig(buildAttemptConfig(null, tables.verifier, tables.queue), path.join(directory, 'verus-repair.toml'), directory);
  if (read.config === null) return { valid: false, taskId: task.id, reason: 'verifier-problem', detail: read.errors.join('; ') };
  const config = { ...read.config, runner: runner ?? read.config.runner };
  if (config.precheck.enabled) {
    const precheck = await new CargoPrechecker({ config, environment }).precheck(crateDir);
    if (precheck.status !== 'passed') return { valid: false, taskId: task.id, reason: 'precheck-failed', detail: `the broken file does not pass the erased pre-check (${precheck.status}: ${precheck.command.join(' ')})` };
  }
  const verifier = await createVerifier(config, environment);
  const result = await verifier.verify({ kind: 'crate', crateDir }, { rlimit: config.rlimit, expandErrors: config.expandErrors, noCheating: config.noCheating, timeoutMs: config.timeoutMs, extraVerusArgs: config.extraVerusArgs });
  const verifierWallMs = result.wallTimeMs;
  switch (result.status) {
    case 'verified': return { valid: false, taskId: task.id, reason: 'already-verified', detail: 'the verifier already accepts the broken file', verifierWallMs };
    case 'failed': return { valid: true, taskId: task.id, baselineErrors: countErrorsByKind(result.diagnostics), verifierWallMs };
    case 'timeout': return { valid: true, taskId: task.id, baselineErrors: { timeout: 1 }, verifierWallMs };
    case 'crashed': return { valid: false, taskId: task.id, reason: 'verifier-problem', detail: `the verifier crashed on the broken file (${result.reason ?? 'no reason'})`, verifierWallMs };
    case 'toolchain-error': return { valid: false, taskId: task.id, reason: 'verifier-problem', detail: result.message, verifierWallMs };
  }
}
