import { createHash } from 'node:crypto';
import type { ReviewResult } from '../review-result.js';
import { describeWitnessFinding } from '../report/render-review-spec-tests.js';
import type { ReviewFinding, ReviewFindingKind } from './review-finding.js';

/** The reviewed files' texts by crate-relative path, where a finding's code line is read. */
export type ReviewSourceTexts = ReadonlyMap<string, string>;

/**
 * Every finding of the review, in the order the reports list them (surviving and proven-survivor
 * mutants, vacuous probes, failed entailment directions, counterexamples, weak-postcondition
 * witnesses), each with its fingerprint. Without the source texts a probe's fingerprint falls back to
 * its description.
 */
export function collectReviewFindings(review: ReviewResult, sources: ReviewSourceTexts = new Map()): ReviewFinding[] {
  const rows = new Map(review.functions.map((row) => [`${row.file}\0${row.function}`, row]));
  const specAt = (file: string, name: string, line: number) => ({ line: rows.get(`${file}\0${name}`)?.specLine ?? line, column: rows.get(`${file}\0${name}`)?.specColumn ?? 1 });
  const draft: Array<Omit<ReviewFinding, 'fingerprint'> & { text: string }> = [];
  for (const { mutant, verdict, reproof } of review.mutants) {
    if (verdict.status !== 'survived' && reproof?.status !== 'proved') continue;
    const kind: ReviewFindingKind = reproof?.status === 'proved' ? 'proven-survivor' : 'surviving-mutant';
    const change = `${normalize(mutant.original) || 'statement'} → ${normalize(mutant.replacement) || 'deleted'}`;
    const text = `${mutant.operator}\0${normalize(lineOf(mutant.source, mutant.line))}\0${change}`;
    const message = `mutant ${mutant.id} of ${mutant.function} (${mutant.operator}: \`${change}\`) ${kind === 'surviving-mutant' ? 'verifies' : 'was re-proved by the repair loop'}: the specification does not rule it out`;
    draft.push({ kind, file: mutant.file, function: mutant.function, line: mutant.line, column: mutant.column, message, diff: mutant.diff, source: { kind: 'mutant', id: mutant.id }, text });
  }
  review.vacuity.forEach((result, index) => {
    if (result.verdict !== 'vacuous') return;
    const { probe } = result;
    const line = sources.get(probe.file) === undefined ? probe.description : lineOf(sources.get(probe.file) ?? '', probe.line);
    draft.push({ kind: probe.kind, file: probe.file, function: probe.function, line: probe.clauseLine, column: probe.clauseColumn, message: `${probe.function}: ${probe.kind} (${probe.description})`, diff: null, source: { kind: 'vacuity', index }, text: normalize(line) });
  });
  review.entailment.forEach((result, index) => {
    if (result.verdict !== 'fails') return;
    const kind = result.direction === 'requires' ? 'precondition-strengthened' : 'postcondition-weakened';
    const old = result.oldClauses.map(normalize).join('; ') || 'none';
    const now = result.newClauses.map(normalize).join('; ') || 'none';
    draft.push({ kind, file: result.file, function: result.function, ...specAt(result.file, result.function, result.line), message: `${result.function}: ${kind} (old: ${old} | new: ${now})`, diff: null, source: { kind: 'entailment', index }, text: `${old}\0${now}` });
  });
  (review.specChecks ?? []).forEach((check, checkIndex) => {
    const at = specAt(check.file, check.function, check.line);
    check.counterexamples.forEach((counterexample, index) => {
      draft.push({ kind: 'spec-counterexample', file: check.file, function: check.function, ...at, message: `${check.function}: ${counterexample}`, diff: null, source: { kind: 'spec-counterexample', check: checkIndex, index }, text: normalize(counterexample) });
    });
    // One witness per function at most, and its values are the harness's: the function names it.
    if (check.weakWitness !== null) draft.push({ kind: 'weak-postcondition-witness', file: check.file, function: check.function, ...at, message: `${check.function}: ${describeWitnessFinding(check.weakWitness)}`, diff: null, source: { kind: 'weak-witness', check: checkIndex }, text: '' });
  });
  const seen = new Map<string, number>();
  return draft.map(({ text, ...finding }) => {
    const key = [finding.file, finding.function, finding.kind, text].join('\0');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return { fingerprint: createHash('sha256').update(`review-finding@1\0${key}\0${occurrence}`).digest('hex'), ...finding };
  });
}

/** Whitespace collapsed: layout is not part of a finding's identity. */
function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function lineOf(text: string, line: number): string {
  return text.split('\n')[line - 1] ?? '';
}
