import { ConfigurationError } from '../../core/errors.js';
import type { GitProofLedger } from '../../ledger/git-proof-ledger.js';
import { checkRunId } from '../../ledger/run-id.js';
import type { RepairRequest } from '../repair-request.js';

/**
 * The request a run was started with, from its baseline note (for resume). The
 * run id is checked against the run-id form, and the run must exist, before anything is read.
 */
export async function readStoredRequest(ledger: GitProofLedger, runId: string): Promise<{ request: RepairRequest }> {
  const runs = await ledger.listRuns();
  if (!runs.includes(checkRunId(runId))) throw new ConfigurationError(`no repair run "${runId}" in ${ledger.repoDir}; known runs: ${runs.join(', ') || 'none'}`);
  const commits = await ledger.readRun(runId);
  const baseline = commits.find((commit) => commit.trailers.get('Iteration') === '0');
  const stored = (JSON.parse(baseline?.noteText ?? 'null') as { report?: { request?: RepairRequest } } | null)?.report?.request;
  if (stored === undefined || stored.runId !== runId) {
    throw new ConfigurationError(`run ${runId} has no readable baseline record; it cannot be resumed (start a new run instead)`);
  }
  return { request: { ...stored, repoDir: ledger.repoDir } };
}
