import { rm } from 'node:fs/promises';
import path from 'node:path';
import { countErrorsByKind } from '../../repair/candidates/checked-candidate.js';
import { readVerifierConfig } from '../../verifier/config/read-verifier-config.js';
import { createVerifier } from '../../verification/create-verifier.js';
import { CargoPrechecker } from '../../verifier/precheck/cargo-prechecker.js';
import { isolateScratchDirectory } from '../../verifier/precheck/isolate-scratch-package.js';
import { precheckLetsVerusRun } from '../../core/verifier-precheck.js';
import { describeFirstPrecheckError } from '../../verifier/precheck/describe-first-precheck-error.js';
import { describePrecheck } from '../../verifier/render/describe-precheck.js';
import { buildAttemptConfig } from '../attempts/attempt-workspace.js';
import { writeTaskCrate } from './write-task-crate.js';
import type { BenchTask } from './bench-task.js';
import type { TaskValidity } from './task-validity.js';
import type { VstdPin } from '../../verifier/toolchain/toolchain-pin.js';

/**
 * A task counts only if the verifier rejects its broken file: otherwise there is nothing (or nothing
 * verifiable) to repair, and it is reported, not counted. Its erased pre-check comes first: an error
 * Verus sees too leaves it out (`precheck-failed`) without a Verus run; `not-applicable` (erasure
 * explains every error) lets Verus judge it, as it does for the attempts' candidates.
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
  // An error Verus sees too (exec code) makes the task invalid, whatever a verifier would say: Verus is not run.
  if (precheck !== null && !precheckLetsVerusRun(precheck)) {
    return { valid: false, taskId: task.id, reason: 'precheck-failed', detail: `the broken file fails the erased pre-check (${describeFirstPrecheckError(precheck)})` };
  }
  const verifier = await createVerifier(config, environment);
  const result = await verifier.verify({ kind: 'crate', crateDir }, { rlimit: config.rlimit, expandErrors: config.expandErrors, noCheating: config.noCheating, timeoutMs: config.timeoutMs, extraVerusArgs: config.extraVerusArgs });
  const verifierWallMs = result.wallTimeMs;
  const notable = precheck !== null && (precheck.status === 'not-applicable' || (precheck.fixes ?? []).length > 0) ? { precheck: describePrecheck(precheck) } : {};
  const despite = precheck?.status === 'not-applicable' ? `the erased pre-check is not applicable (${describeFirstPrecheckError(precheck)}) and ` : '';
  switch (result.status) {
    case 'verified': return { valid: false, taskId: task.id, reason: 'already-verified', detail: 'the verifier already accepts the broken file', verifierWallMs };
    case 'failed': return { valid: true, taskId: task.id, baselineErrors: countErrorsByKind(result.diagnostics), verifierWallMs, ...notable };
    case 'timeout': return { valid: true, taskId: task.id, baselineErrors: { timeout: 1 }, verifierWallMs, ...notable };
    case 'crashed': return { valid: false, taskId: task.id, reason: 'verifier-problem', detail: `${despite}the verifier crashed on the broken file (${result.reason ?? 'no reason'})`, verifierWallMs };
    case 'toolchain-error': return { valid: false, taskId: task.id, reason: 'verifier-problem', detail: `${despite}${result.message}`, verifierWallMs };
  }
}
