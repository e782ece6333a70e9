import { prepareRepair, type RepairInvocation } from '../repair/prepare-repair.js';
import { readStoredRequest } from '../repair/read-stored-request.js';
import { repairCrate } from '../repair/repair-crate.js';
import { resolveCrateDirectory } from '../repair/resolve-crate-directory.js';
import type { RepairEventSink } from '../repair/repair-event.js';
import { GitProofLedger } from '../ledger/git-proof-ledger.js';
import { createProgressRenderer } from '../report/render-repair-progress.js';

/** Runs (or resumes) a repair with progress on stderr-free stdout, or NDJSON events with --json. */
export async function runRepairCommand(crate: string, invocation: Omit<RepairInvocation, 'crate'>, output: { json: boolean; resume: string | null }): Promise<'verified' | 'not-verified'> {
  const renderer = output.json ? null : createProgressRenderer(process.stdout);
  const sink: RepairEventSink = renderer?.sink ?? ((event) => process.stdout.write(`${JSON.stringify(event)}\n`));
  try {
    if (output.resume !== null) {
      const ledger = await GitProofLedger.open(await resolveCrateDirectory(crate));
      const stored = await readStoredRequest(ledger, output.resume);
      const { services, warnings } = await prepareRepair({
        ...invocation, crate: `${ledger.repoDir}/${stored.request.crateDir}`, file: stored.request.file, runId: stored.request.runId,
        functions: stored.request.targetFunctions ?? [], feedbackLevel: stored.request.feedbackLevel, samples: stored.request.samples,
        model: invocation.model ?? stored.request.modelName,
      }, sink);
      warnings.forEach((warning) => process.stderr.write(`warning: ${warning}\n`));
      return (await repairCrate({ ...stored.request, modelSource: invocation.replay === null ? 'live' : 'replay' }, services, stored.commits)).outcome;
    }
    const { request, services, warnings } = await prepareRepair({ ...invocation, crate }, sink);
    warnings.forEach((warning) => process.stderr.write(`warning: ${warning}\n`));
    return (await repairCrate(request, services)).outcome;
  } finally {
    renderer?.stop();
  }
}
