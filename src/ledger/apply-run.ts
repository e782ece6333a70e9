import { ConfigurationError } from '../core/errors.js';
import { auditRunHistory } from './audit-run-history.js';
import type { GitProofLedger } from './git-proof-ledger.js';
import type { LedgerNote } from './ledger-note.js';

export type ApplyOutcome =
  | { status: 'applied'; commit: string; from: string; files: string[]; specChanges: string[] }
  | { status: 'refused'; reason: string };

/**
 * Brings a run's verified candidate onto the user's branch as one commit. Refuses when the run has
 * no verified candidate, when its audit fails, when the candidate carries spec changes that were not
 * confirmed, or when the user has local changes to the files it would overwrite.
 */
export async function applyRun(ledger: GitProofLedger, runId: string, options: { acceptSpecChange: boolean }): Promise<ApplyOutcome> {
  const commits = await ledger.readRun(runId);
  const verified = [...commits].reverse().find((commit) => commit.trailers.get('Proof-Result') === 'verified');
  if (verified === undefined) return { status: 'refused', reason: `run ${runId} has no verified candidate; nothing to apply` };
  const findings = await auditRunHistory(commits, (sha, path) => ledger.readFileAt(sha, path), runId);
  if (findings.length > 0) return { status: 'refused', reason: `run ${runId} fails its audit (${findings[0]?.rule}: ${findings[0]?.message}); run \`verus-repair audit ${runId}\`` };
  const guard = verified.trailers.get('Guard') ?? '';
  const specChanges = [...guard.matchAll(/spec-change: ([^;]+)/g)].map((match) => (match[1] ?? '').trim());
  if (specChanges.length > 0 && !options.acceptSpecChange) {
    return { status: 'refused', reason: `the verified candidate changes specifications (${specChanges.join(', ')}); review them and re-run with --accept-spec-change` };
  }
  const note = JSON.parse(verified.noteText ?? 'null') as LedgerNote | null;
  if (note === null) throw new ConfigurationError(`the verified commit ${verified.sha} has no ledger note`);
  const dirty = await ledger.dirtyPaths(note.files);
  if (dirty.length > 0) return { status: 'refused', reason: `you have uncommitted changes to ${dirty.join(', ')}; commit or stash them first` };
  const message = `verus-repair: apply verified proof from run ${runId}\n\nRun-Id: ${runId}\nApplied-From: ${verified.sha}\nSource-SHA256: ${note.sourceSha256}\n${specChanges.length > 0 ? `Spec-Change: ${specChanges.join(', ')}\n` : ''}`;
  const commit = await ledger.commitPathsFrom(verified.sha, note.files, message);
  return { status: 'applied', commit, from: verified.sha, files: note.files, specChanges };
}
