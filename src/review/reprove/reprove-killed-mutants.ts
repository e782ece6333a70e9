import type { CrateFiles } from '../../repair/setup/crate-snapshot.js';
import type { ReviewEvent } from '../review-event.js';
import type { SettledMutant } from '../review-result.js';
import { reproveMutant, type ReproveSettings } from './reprove-mutant.js';

/**
 * `--reprove`: every mutant killed by Verus goes to the repair loop, one at a time (each repair runs
 * its own candidate pool). The verdict stays Verus's; the reproof is added beside it.
 */
export async function reproveKilledMutants(mutants: readonly SettledMutant[], crateFiles: CrateFiles, crateDir: string, settings: ReproveSettings, emit: (event: ReviewEvent) => void): Promise<SettledMutant[]> {
  const total = mutants.filter((entry) => entry.verdict.status === 'killed-by-verus').length;
  let settled = 0;
  const result: SettledMutant[] = [];
  for (const entry of mutants) {
    if (entry.verdict.status !== 'killed-by-verus' || settings.signal?.aborted === true) {
      result.push(entry);
      continue;
    }
    const reproof = await reproveMutant(entry.mutant, crateFiles, crateDir, settings);
    emit({ type: 'mutant-reproved', id: entry.mutant.id, function: entry.mutant.function, reproof, settled: ++settled, total });
    result.push({ ...entry, reproof });
  }
  return result;
}
