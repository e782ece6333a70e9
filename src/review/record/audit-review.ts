import { execa } from 'execa';
import { parseVerusSource, type VerusFileIr } from '../../ir/index.js';
import { generateMutants, type MutantGeneration } from '../generate-mutants.js';
import { isMutationOperator } from '../mutation-operator.js';
import type { ReviewRecordEntry } from './read-review-records.js';
import { digestReviewNote, type ReviewNote } from './review-record.js';

export interface ReviewAuditFinding {
  rule: 'note-missing' | 'note-edited' | 'source-missing' | 'mutant-mismatch' | 'trailer-mismatch' | 'reverify-mismatch';
  message: string;
}

/**
 * Audits one review record: reads the reviewed files from the record's own tree, regenerates the
 * mutants from the recorded operators, functions, limit and seed, and checks each recorded mutant's
 * id, operator, location and source SHA-256, that the note matches its `Note-SHA256` trailer, and
 * that the trailers' counts match the note.
 */
export async function auditReview(repoDir: string, record: ReviewRecordEntry): Promise<ReviewAuditFinding[]> {
  const note = record.note;
  if (note === null) return [{ rule: 'note-missing', message: `review ${record.reviewId} has no readable review note` }];
  const findings: ReviewAuditFinding[] = [];
  // The counts in the trailers cannot see two verdicts swapped in the note; its digest can.
  const recordedDigest = record.trailers.get('Note-SHA256');
  if (recordedDigest === undefined) findings.push({ rule: 'note-edited', message: `review ${record.reviewId} has no Note-SHA256 trailer, so its note cannot be told from an edited one` });
  else if (digestReviewNote(note) !== recordedDigest) findings.push({ rule: 'note-edited', message: `the note of review ${record.reviewId} does not match its Note-SHA256 trailer: it was edited after the review was recorded` });
  const regenerated = await regenerateRecordedMutants(repoDir, record.commit, note);
  if ('missing' in regenerated) return [...findings, { rule: 'source-missing', message: `${regenerated.missing} is not in the record's tree` }];
  const byId = new Map(regenerated.mutants.map((mutant) => [mutant.id, mutant]));
  for (const recorded of note.mutants) {
    const mutant = byId.get(recorded.id);
    if (mutant === undefined) findings.push({ rule: 'mutant-mismatch', message: `${recorded.id} (${recorded.operator} at ${recorded.file}:${recorded.line}) is not generated again from the recorded base` });
    else if (mutant.sourceSha256 !== recorded.sourceSha256 || mutant.operator !== recorded.operator || mutant.line !== recorded.line || mutant.column !== recorded.column) {
      findings.push({ rule: 'mutant-mismatch', message: `${recorded.id}: recorded ${recorded.operator} ${recorded.line}:${recorded.column} ${recorded.sourceSha256.slice(0, 12)}, regenerated ${mutant.operator} ${mutant.line}:${mutant.column} ${mutant.sourceSha256.slice(0, 12)}` });
    }
  }
  if (regenerated.mutants.length !== note.mutants.length) findings.push({ rule: 'mutant-mismatch', message: `${note.mutants.length} mutants recorded, ${regenerated.mutants.length} regenerated` });
  const count = (verdict: string) => String(note.mutants.filter((mutant) => mutant.verdict === verdict).length);
  const expected: Array<[string, string]> = [['Mutants', String(note.mutants.length)], ['Stillborn', count('stillborn')], ['Killed-By-Tests', count('killed-by-tests')], ['Killed-By-Verus', count('killed-by-verus')], ['Survived', count('survived')], ['Timed-Out', count('timed-out')]];
  // Records made before spec tests carry no Killed-By-Spec-Tests trailer: it is checked when present, or when the note has such a mutant.
  const bySpecTests = count('killed-by-spec-tests');
  if (record.trailers.has('Killed-By-Spec-Tests') || bySpecTests !== '0') expected.push(['Killed-By-Spec-Tests', bySpecTests]);
  for (const [key, value] of expected) {
    if (record.trailers.get(key) !== value) findings.push({ rule: 'trailer-mismatch', message: `trailer ${key} is ${record.trailers.get(key) ?? 'missing'}, the note says ${value}` });
  }
  return findings;
}

/** The mutants a review note describes, generated again from the reviewed files in the record's tree. */
export async function regenerateRecordedMutants(repoDir: string, commit: string, note: ReviewNote): Promise<MutantGeneration | { missing: string }> {
  const files: VerusFileIr[] = [];
  for (const file of note.files) {
    const path = note.crate === '' ? file : `${note.crate}/${file}`;
    const shown = await execa('git', ['show', `${commit}:${path}`], { cwd: repoDir, reject: false, stripFinalNewline: false });
    if (shown.exitCode !== 0) return { missing: path };
    files.push(await parseVerusSource(shown.stdout, { file }));
  }
  const operators = note.operators.filter(isMutationOperator);
  return generateMutants({ files, functions: note.functions.length === 0 ? null : new Set(note.functions), operators, maxMutants: note.maxMutants, seed: note.seed, sampling: note.sampling ?? 'mutants' });
}
