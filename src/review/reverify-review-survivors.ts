import { execa } from 'execa';
import { precheckLetsVerusRun } from '../core/verifier-precheck.js';
import { regenerateRecordedMutants, type ReviewAuditFinding } from './record/audit-review.js';
import type { ReviewRecordEntry } from './record/read-review-records.js';
import type { CrateFiles } from '../repair/setup/crate-snapshot.js';
import type { ReviewServices } from './review-services.js';
import { verifyVariant } from '../repair/candidates/verify-variant.js';
import { selectVariantPrechecker } from './select-variant-prechecker.js';

/**
 * `audit --reviews --reverify`: every mutant the record says survived is regenerated from the
 * record's tree and verified again (no cache); a survivor that no longer verifies is a finding.
 * The crate's other files (Cargo.toml, Cargo.lock...) come from the record's tree too.
 */
export async function reverifyReviewSurvivors(repoDir: string, record: ReviewRecordEntry, services: ReviewServices): Promise<ReviewAuditFinding[]> {
  const note = record.note;
  if (note === null) return [{ rule: 'note-missing', message: `review ${record.reviewId} has no readable review note` }];
  const regenerated = await regenerateRecordedMutants(repoDir, record.commit, note);
  if ('missing' in regenerated) return [{ rule: 'source-missing', message: `${regenerated.missing} is not in the record's tree` }];
  const crateFiles = await readCrateFilesAt(repoDir, record.commit, note.crate);
  const crateDir = note.crate === '' ? repoDir : `${repoDir}/${note.crate}`;
  const findings: ReviewAuditFinding[] = [];
  // Survivors are pre-checked as the review pre-checked them (an older note's waiver of cargo test alone reads as tests-skipped); the config's time limit applies.
  const tests = note.originalPrecheck?.outcome === 'tests-skipped' || (note.precheckWaiver !== undefined && !note.precheckWaiver.steps.includes('build'));
  const prechecker = note.originalPrecheck === undefined && note.precheckWaiver === undefined ? services.prechecker : selectVariantPrechecker(services, Number.POSITIVE_INFINITY, tests ? { outcome: 'tests-skipped', detail: '' } : note.originalPrecheck);
  for (const recorded of note.mutants.filter((mutant) => mutant.verdict === 'survived')) {
    const mutant = regenerated.mutants.find((candidate) => candidate.id === recorded.id && candidate.sourceSha256 === recorded.sourceSha256);
    if (mutant === undefined) {
      findings.push({ rule: 'mutant-mismatch', message: `${recorded.id} cannot be regenerated to re-verify it` });
      continue;
    }
    const outcome = await verifyVariant(crateFiles, crateDir, { label: `reverify-${mutant.id}`, file: mutant.file, source: mutant.source }, { ...services, cache: null, prechecker });
    const status = !precheckLetsVerusRun(outcome.precheck) ? `pre-check ${outcome.precheck.status}` : outcome.verification?.status ?? 'no verdict';
    if (status !== 'verified') findings.push({ rule: 'reverify-mismatch', message: `${mutant.id} was recorded as survived, but now: ${status}` });
  }
  return findings;
}

async function readCrateFilesAt(repoDir: string, commit: string, crate: string): Promise<CrateFiles> {
  const prefix = crate === '' ? '' : `${crate}/`;
  const listed = await execa('git', ['ls-tree', '-r', '--name-only', commit, ...(crate === '' ? [] : ['--', crate])], { cwd: repoDir, reject: false });
  const files: CrateFiles = new Map();
  for (const path of listed.stdout.split('\n').filter((line) => line !== '')) {
    const relative = path.slice(prefix.length);
    if (!(relative === 'Cargo.toml' || relative === 'Cargo.lock' || relative === 'build.rs' || relative.startsWith('src/'))) continue;
    const blob = await execa('git', ['cat-file', 'blob', `${commit}:${path}`], { cwd: repoDir, reject: false, encoding: 'buffer' });
    files.set(relative, new Uint8Array(blob.stdout as unknown as Uint8Array));
  }
  return files;
}
