import path from 'node:path';
import { decodeSourceBytes } from '../../ir/index.js';
import type { LedgerCommit } from '../../ledger/git-proof-ledger.js';
import { countErrorsByKind } from './checked-candidate.js';
import { checkCandidate } from './check-candidate.js';
import { recordCheckedCandidate } from './record-checked-candidate.js';
import type { RepairRunState } from '../repair-run-state.js';
import { noteVerifiedCandidate } from '../stability-verdict.js';

/**
 * Resume's second half of repairing a run killed between a ledger commit and its note: the
 * candidates taken off the branch (`GitProofLedger.dropUnnotedTip`) are checked again and recorded
 * anew, with a fresh note, so nothing checked is lost and no verdict is taken on trust. Their model
 * digests and tokens were only in the lost note. Returns the highest iteration re-checked (0: none).
 */
export async function recheckDroppedCandidates(state: RepairRunState, dropped: readonly LedgerCommit[]): Promise<number> {
  const { request, services } = state;
  const file = path.posix.join(request.crateDir.split(path.sep).join('/'), request.file);
  let highest = 0;
  for (const commit of dropped) {
    const iteration = Number(commit.trailers.get('Iteration') ?? 0);
    const bytes = await services.ledger.readFileAt(commit.sha, file);
    if (iteration === 0 || bytes === null) continue;
    const sample = Number(commit.trailers.get('Sample') ?? 0);
    const summary = commit.message.split('\n')[0] ?? '';
    const origin = summary.includes('(pruned)') ? 'houdini' : 'model';
    const source = decodeSourceBytes(bytes, request.file);
    const checked = await checkCandidate(request, services, state.originalFiles, { iteration, sample, origin, source });
    const recorded = await recordCheckedCandidate({ request, ledger: services.ledger, run: state.run, originalFiles: state.originalFiles }, checked, {
      summary: `iteration ${iteration} sample ${sample}${origin === 'houdini' ? ' (pruned)' : ''}: ${checked.result} (re-checked on resume; its first record had no note)`,
      promptDigest: null, responseDigest: null, tokens: null, details: { recheckedFrom: commit.sha },
    });
    state.report.addCandidate(checked, recorded);
    state.editor.rememberEarlierCandidates([{ source, iteration }]);
    services.emit({ type: 'candidate-checked', iteration, sample, origin, result: checked.result, errors: countErrorsByKind(checked.diagnostics), violations: checked.guard.verdict === 'reject' ? checked.guard.violations : [], commit: recorded, wallTimeMs: checked.wallTimeMs });
    if (checked.result === 'verified') noteVerifiedCandidate(state, checked, recorded);
    highest = Math.max(highest, iteration);
  }
  return highest;
}
