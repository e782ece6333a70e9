import path from 'node:path';
import { describeUnfinishedOperation } from './apply-run-unfinished-operation.js';
import { auditRun } from './audit-run.js';
import type { GitProofLedger } from './git-proof-ledger.js';
import { GitWorkingCopy } from './git-working-copy.js';
import { guardMergedResult } from './guard-merged-result.js';
import { LEDGER_BASE_REF_PREFIX, type LedgerNote } from './ledger-note.js';
import { readRunRequest, type RunRequestFacts } from './read-run-request.js';

export type ApplyOutcome =
  | { status: 'applied'; commit: string; from: string; files: string[]; specChanges: string[]; reverifyAdvice: string | null }
  | { status: 'refused'; reason: string }
  /** git refused the commit (a hook failed); its output is kept, and nothing was changed. */
  | { status: 'commit-failed'; reason: string; output: string };

/**
 * Brings a run's verified change onto the user's current branch as one commit: a three-way merge
 * of the run's base, its verified candidate and HEAD, so whatever HEAD gained since the run started
 * is kept and only the candidate's change is added. Refuses when the run has no verified candidate,
 * fails its audit, carries unconfirmed spec changes, conflicts with HEAD, fails the guard against
 * HEAD, or when the files it would touch have local changes, git's index is locked, or a merge
 * (cherry-pick, revert, rebase) is unfinished.
 */
export async function applyRun(ledger: GitProofLedger, runId: string, options: { acceptSpecChange: boolean }): Promise<ApplyOutcome> {
  const refuse = (reason: string): ApplyOutcome => ({ status: 'refused', reason });
  const { commits, findings } = await auditRun(ledger, runId);
  const verified = [...commits].reverse().find((commit) => commit.trailers.get('Proof-Result') === 'verified');
  if (verified === undefined) return refuse(`run ${runId} has no verified candidate; nothing to apply`);
  if (findings.length > 0) return refuse(`run ${runId} fails its audit (${findings[0]?.rule}: ${findings[0]?.message}); run \`verus-repair audit ${runId}\``);
  const guard = verified.trailers.get('Guard') ?? '';
  const specChanges = [...guard.matchAll(/spec-change: ([^;]+)/g)].map((match) => (match[1] ?? '').trim());
  if (specChanges.length > 0 && !options.acceptSpecChange) {
    return refuse(`the verified candidate changes specifications (${specChanges.join(', ')}); review them and re-run with --accept-spec-change`);
  }
  const note = JSON.parse(verified.noteText ?? 'null') as LedgerNote;
  const workingCopy = new GitWorkingCopy(ledger.repoDir);
  const unfinished = await describeUnfinishedOperation(ledger.repoDir);
  if (unfinished !== null) return refuse(`${unfinished}\nfinish or abort it, then run apply again (apply's commit would otherwise land inside it)`);
  const lock = await workingCopy.heldIndexLock();
  if (lock !== null) return refuse(`another git process seems to be running in ${ledger.repoDir} (${lock} exists); wait for it, or if no git process is running, remove that stale lock file and run apply again`);
  const base = (await ledger.resolveCommit(`${LEDGER_BASE_REF_PREFIX}${runId}`)) ?? commits[0]?.parent ?? null;
  if (base === null) return refuse(`run ${runId} has no recorded base to merge from`);
  const head = await workingCopy.head();
  const merge = await workingCopy.mergeTrees(base, head, verified.sha);
  if (merge.status === 'conflict') {
    return refuse(`the verified candidate conflicts with changes made since the run started, in ${merge.files.join(', ')}; resolve by re-running the repair from your current HEAD, or apply ${verified.sha.slice(0, 10)} by hand`);
  }
  const files = await workingCopy.changedPaths(head, merge.tree);
  if (files.length === 0) return refuse(`HEAD already contains the verified change of run ${runId}; nothing to apply`);
  const dirty = await workingCopy.dirtyPaths([...new Set([...note.files, ...files])]);
  if (dirty.length > 0) return refuse(`you have uncommitted changes to ${dirty.join(', ')}; commit or stash them first`);
  const request = readRunRequest(commits, runId);
  const verdict = await guardMergedResult((sha, file) => ledger.readFileAt(sha, file), head, merge.tree, files, request, options.acceptSpecChange ? specChanges : []);
  if (verdict.verdict === 'reject') {
    const rules = verdict.violations.map((violation) => `${violation.rule} (${violation.file}:${violation.line}: ${violation.message})`);
    return refuse(`merged into HEAD, the verified candidate fails the guard: ${rules.join('; ')}`);
  }
  const message = `verus-repair: apply verified proof from run ${runId}\n\nRun-Id: ${runId}\nApplied-From: ${verified.sha}\nSource-SHA256: ${note.sourceSha256}\n${specChanges.length > 0 ? `Spec-Change: ${specChanges.join(', ')}\n` : ''}`;
  const committed = await workingCopy.commitPathsFromTree(merge.tree, files, message);
  if (committed.status === 'failed') {
    return { status: 'commit-failed', reason: 'git did not make the commit (a hook refused it?); your index and working tree are as they were', output: committed.output };
  }
  const reverifyAdvice = await adviseReverification(workingCopy, verified.sha, merge.tree, note, request);
  return { status: 'applied', commit: committed.commit, from: verified.sha, files, specChanges, reverifyAdvice };
}

/** When the merged crate differs from the crate that verified (HEAD changed it since the run's base), say how to check it. */
async function adviseReverification(workingCopy: GitWorkingCopy, verified: string, mergedTree: string, note: LedgerNote, request: RunRequestFacts | null): Promise<string | null> {
  const manifest = note.files.find((file) => file === 'Cargo.toml' || file.endsWith('/Cargo.toml'));
  const crate = request?.crateDir ?? (manifest === undefined ? '' : path.posix.dirname(manifest).replace(/^\.$/, ''));
  const inputs = ['src', 'Cargo.toml', 'Cargo.lock', 'build.rs'].map((file) => path.posix.join(crate, file));
  const changed = await workingCopy.changedPaths(verified, mergedTree, [...new Set([...note.files, ...inputs])]);
  if (changed.length === 0) return null;
  return `HEAD changed ${changed.join(', ')} since the run's base, so the merged crate was not verified as a whole; run \`verus-repair verify ${crate === '' ? '.' : crate}\``;
}
