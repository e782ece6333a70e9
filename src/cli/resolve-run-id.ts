import { ConfigurationError } from '../core/errors.js';
import type { GitProofLedger } from '../ledger/git-proof-ledger.js';

/** A named run must exist; no name means the most recent run (run ids sort by their timestamp prefix). */
export async function resolveRunId(ledger: GitProofLedger, requested: string | undefined): Promise<string> {
  const runs = (await ledger.listRuns()).sort();
  if (requested !== undefined) {
    if (!runs.includes(requested)) {
      throw new ConfigurationError(`no repair run "${requested}" in ${ledger.repoDir}; known runs: ${runs.join(', ') || 'none'}`);
    }
    return requested;
  }
  const latest = runs[runs.length - 1];
  if (latest === undefined) throw new ConfigurationError(`no repair runs recorded in ${ledger.repoDir} (run \`verus-repair repair\` first)`);
  return latest;
}
