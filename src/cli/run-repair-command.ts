import { prepareRepair, type RepairInvocation } from '../repair/setup/prepare-repair.js';
import { readStoredRequest } from '../repair/setup/read-stored-request.js';
import { repairCrate } from '../repair/repair-crate.js';
import { resolveCrateDirectory } from '../repair/setup/resolve-crate-directory.js';
import type { RepairEventSink } from '../repair/repair-event.js';
import { GitProofLedger } from '../ledger/git-proof-ledger.js';
import { createProgressRenderer } from '../repair/report/render-repair-progress.js';
import { describeInterruption, INTERRUPTED, type RepairProgress } from './describe-interruption.js';
import { withInterruptSignal } from './interrupt-signal.js';
import { describeRunFailure } from './run-failed-event.js';

/**
 * Runs (or resumes) a repair with live progress on stdout, or NDJSON events with --json; the last
 * event says how the run ended, an error included (even a malformed option: `readInvocation` runs
 * inside). Ctrl-C stops the verifier and model calls and says how to resume.
 */
export async function runRepairCommand(crate: string, readInvocation: () => Omit<RepairInvocation, 'crate'>, output: { json: boolean; resume: string | null }): Promise<'verified' | 'not-verified'> {
  const renderer = output.json ? null : createProgressRenderer(process.stdout);
  const print: RepairEventSink = renderer?.sink ?? ((event) => process.stdout.write(`${JSON.stringify(event)}\n`));
  const progress: RepairProgress = { runId: null, repoDir: null, started: false, baselineRecorded: false, discarded: false };
  const sink: RepairEventSink = (event) => {
    if (event.type === 'run-started') progress.started = true;
    if (event.type === 'baseline') progress.baselineRecorded = true;
    if (event.type === 'run-discarded') progress.discarded = true;
    print(event);
  };
  try {
    return await withInterruptSignal(INTERRUPTED, async (signal) => {
      try {
        return await runRepair(crate, { ...readInvocation(), signal }, output.resume, sink, progress);
      } catch (error) {
        // Whatever a stopped step threw (the abort reason, a cancelled model request), the cause is Ctrl-C.
        if (signal.aborted) throw describeInterruption(crate, progress);
        throw error;
      }
    });
  } catch (error) {
    if (output.json) process.stdout.write(`${JSON.stringify(describeRunFailure(progress.runId, error))}\n`);
    throw error;
  } finally {
    renderer?.stop();
  }
}

async function runRepair(crate: string, invocation: Omit<RepairInvocation, 'crate'>, resume: string | null, sink: RepairEventSink, progress: RepairProgress): Promise<'verified' | 'not-verified'> {
  if (resume !== null) {
    const ledger = await GitProofLedger.open(await resolveCrateDirectory(crate));
    const stored = await readStoredRequest(ledger, resume);
    Object.assign(progress, { runId: stored.request.runId, repoDir: ledger.repoDir });
    const { request: resumed, services, warnings } = await prepareRepair({
      ...invocation, crate: `${ledger.repoDir}/${stored.request.crateDir}`, file: stored.request.file, runId: stored.request.runId,
      functions: stored.request.targetFunctions ?? [], feedbackLevel: stored.request.feedbackLevel, samples: stored.request.samples,
      model: invocation.model ?? stored.request.modelName,
    }, sink);
    warnings.forEach((warning) => process.stderr.write(`warning: ${warning}\n`));
    // The stored request is the run's; where the model answers come from is this invocation's (--replay or the endpoint).
    return (await repairCrate({ ...stored.request, modelOrigin: resumed.modelOrigin }, services, true)).outcome;
  }
  const { request, services, warnings } = await prepareRepair({ ...invocation, crate }, sink);
  Object.assign(progress, { runId: request.runId, repoDir: request.repoDir });
  warnings.forEach((warning) => process.stderr.write(`warning: ${warning}\n`));
  return (await repairCrate(request, services)).outcome;
}
