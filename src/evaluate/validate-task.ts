import { rm } from 'node:fs/promises';
import path from 'node:path';
import { countErrorsByKind } from '../repair/checked-candidate.js';
import { readVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { createVerifier } from '../verifier/create-verifier.js';
import { CargoPrechecker } from '../verifier/precheck/cargo-prechecker.js';
import { isolateScratchDirectory } from '../verifier/precheck/isolate-scratch-package.js';
import { describeFirstPrecheckError, waivePrecheck } from '../verifier/precheck/precheck-waiver.js';
import { buildAttemptConfig } from './attempt-workspace.js';
import { writeTaskCrate } from './write-task-crate.js';
import type { BenchTask } from './bench-task.js';
import type { TaskValidity } from './task-validity.js';
import type { VstdPin } from '../verifier/toolchain/toolchain-pin.js';

/**
 * A task counts only if the verifier rejects its broken file: otherwise there is nothing (or nothing
 * verifiable) to repair, and it is reported, not counted. A file that fails the erased pre-check
 * counts when Verus gives it a verdict (the attempts then skip the pre-check, as repair does); it is
 * left out when Verus gives none either.
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
  const precheck = config.precheck.enabled ? await new CargoPrechecker({ config, environment }).precheck(crateDir) : null;
  // The pre-check never blocks real work: a broken file that fails it is still verified (precheck-waiver.ts).
  const verifier = await createVerifier(config, environment);
  const result = await verifier.verify({ kind: 'crate', crateDir }, { rlimit: config.rlimit, expandErrors: config.expandErrors, noCheating: config.noCheating, timeoutMs: config.timeoutMs, extraVerusArgs: config.extraVerusArgs });
  const verifierWallMs = result.wallTimeMs;
  const failedPrecheck = precheck === null || precheck.status === 'passed' ? null : precheck;
  const precheckWaiver = failedPrecheck === null ? null : waivePrecheck(failedPrecheck, result);
  const despite = failedPrecheck === null ? '' : `the broken file fails the erased pre-check (${describeFirstPrecheckError(failedPrecheck)}) and `;
  switch (result.status) {
    case 'verified': return { valid: false, taskId: task.id, reason: 'already-verified', detail: 'the verifier already accepts the broken file', verifierWallMs };
    case 'failed': return { valid: true, taskId: task.id, baselineErrors: countErrorsByKind(result.diagnostics), verifierWallMs, ...(precheckWaiver === null ? {} : { precheckWaiver }) };
    case 'timeout':
      if (failedPrecheck !== null) return { valid: false, taskId: task.id, reason: 'precheck-failed', detail: `${despite}the verifier timed out on it (no verdict)`, verifierWallMs };
      return { valid: true, taskId: task.id, baselineErrors: { timeout: 1 }, verifierWallMs };
    case 'crashed': return { valid: false, taskId: task.id, reason: 'verifier-problem', detail: `${despite}the verifier crashed on the broken file (${result.reason ?? 'no reason'})`, verifierWallMs };
    case 'toolchain-error': return { valid: false, taskId: task.id, reason: 'verifier-problem', detail: `${despite}${result.message}`, verifierWallMs };
  }
}
