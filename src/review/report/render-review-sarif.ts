import { describeVerdictOrigin, type VerdictOrigin } from '../../core/verdict-origin.js';
import type { ReviewResult } from '../review-result.js';
import type { VacuityKind } from '../vacuity-probe.js';
import { describeWitnessFinding } from './render-review-spec-tests.js';
import { InternalError } from '../../core/errors.js';
import type { BaselineComparison } from '../baseline/compare-with-baseline.js';
import { collectReviewFindings } from '../baseline/collect-review-findings.js';
import type { ReviewFinding } from '../baseline/review-finding.js';

/** What SARIF adds to a review: each finding's stable fingerprint and, with `--baseline`, whether it is new. */
export interface SarifFindingContext {
  /** The review's findings (collectReviewFindings, with the source texts); computed without them when absent. */
  findings?: readonly ReviewFinding[];
  baseline?: BaselineComparison | null;
  /** Where the crate sits in its git repository: URIs are relative to the repository, as code scanning reads them ('' by default). */
  pathPrefix?: string;
}

const INFORMATION_URI = 'https://github.com/verus-repair/verus-repair/blob/main/docs/review.md';

const RULES: Record<'surviving-mutant' | 'proven-survivor' | VacuityKind | 'precondition-strengthened' | 'postcondition-weakened' | 'weak-postcondition-witness' | 'spec-counterexample', string> = {
  'weak-postcondition-witness': 'On a valid input, the ensures also accept a result different from the one the code returns: the postcondition does not pin the result down (a spec meant to allow several answers shows this too).',
  'spec-counterexample': "Run on a generated input, the original's erased code breaks its own requires/ensures (or panics): no proof exists for this code and spec.",
  'precondition-strengthened': 'The old requires do not imply the new requires: callers that were correct may now fail.',
  'postcondition-weakened': 'The new ensures do not imply the old ensures: callers may have relied on what was dropped.',
  'surviving-mutant': 'A mutant of the executable code verifies: the specification admits that behaviour.',
  'proven-survivor': 'A mutant of the executable code failed the original proof, and the repair loop proved it with exec code and specs frozen: the specification admits that behaviour.',
  'contradictory-requires': 'assert(false) at the function entry verifies: the preconditions cannot be satisfied.',
  'ensures-ignore-result': 'The ensures hold whatever the result is: they do not constrain it.',
  'unreachable-code': 'assert(false) in this loop body or branch verifies: the code cannot run under the specification.',
};

/**
 * SARIF 2.1.0: one result per surviving mutant and per vacuity finding, located at the spec clause it
 * concerns (the mutant's own position is a related location), one rule per finding kind. Shaped for
 * GitHub code scanning (relative URIs under %SRCROOT%, a level and a fingerprint on every result). The
 * fingerprint (`verusRepairFinding/v1`) survives line moves, so code scanning keeps an alert when
 * lines above it change; with a baseline every result has `baselineState` `new` or `unchanged`.
 */
export function renderReviewSarif(review: ReviewResult, context: SarifFindingContext = {}): object {
  const spec = new Map(review.functions.map((row) => [`${row.file}\0${row.function}`, row]));
  const location = (file: string, line: number, column: number, message?: string, id?: number) => ({
    ...(id === undefined ? {} : { id }),
    physicalLocation: { artifactLocation: { uri: context.pathPrefix === undefined || context.pathPrefix === '' ? file : `${context.pathPrefix}/${file}`, uriBaseId: '%SRCROOT%' }, region: { startLine: line, startColumn: column } },
    ...(message === undefined ? {} : { message: { text: message } }),
  });
  const results = [
    ...review.mutants
      .filter((entry) => entry.verdict.status === 'survived' || entry.reproof?.status === 'proved')
      .map(({ mutant, verdict, reproof }) => {
        const row = spec.get(`${mutant.file}\0${mutant.function}`);
        const change = `${mutant.operator}: \`${mutant.original.replace(/\s+/g, ' ').trim() || 'statement'}\` → \`${mutant.replacement || 'deleted'}\``;
        const proved = reproof?.status === 'proved' ? reproof : null;
        return {
          ruleId: proved === null ? 'surviving-mutant' : 'proven-survivor',
          level: proved === null ? 'warning' : 'error',
          message: { text: proved === null ? `Mutant ${mutant.id} of ${mutant.function} (${change}) verifies: the specification does not rule it out.` : `Mutant ${mutant.id} of ${mutant.function} (${change}) failed the original proof, but the repair loop proved it (exec code and specs frozen): the specification admits it. Proof (${proved.ledgerBranch} ${proved.verifiedCommit.slice(0, 10)} in ${proved.repository}):\n${proved.proof.trimEnd()}` },
          locations: [location(mutant.file, row?.specLine ?? mutant.line, row?.specColumn ?? mutant.column)],
          relatedLocations: [location(mutant.file, mutant.line, mutant.column, proved === null ? 'the mutated code' : `the mutated code, proved by the proof on ${proved.ledgerBranch}`, 1)],
                    properties: { verifier: proved === null ? describeOptionalOrigin('origin' in verdict ? verdict.origin : undefined) : proved.origins.verifier.map(describeVerdictOrigin).join('; '), operator: mutant.operator },
        };
      }),
    ...review.vacuity
      .filter((result) => result.verdict === 'vacuous')
      .map((result) => ({
        ruleId: result.probe.kind,
        level: 'error',
        message: { text: `${result.probe.function}: ${RULES[result.probe.kind]} (${result.probe.description})` },
        locations: [location(result.probe.file, result.probe.clauseLine, result.probe.clauseColumn)],
        relatedLocations: [location(result.probe.file, result.probe.line, result.probe.column, result.probe.description, 1)],
                properties: { verifier: describeOptionalOrigin(result.origin) },
      })),
    ...review.entailment
      .filter((result) => result.verdict === 'fails')
      .map((result) => {
        const ruleId = result.direction === 'requires' ? 'precondition-strengthened' : 'postcondition-weakened';
        const row = spec.get(`${result.file}\0${result.function}`);
        return {
          ruleId,
          level: 'error',
          message: { text: `${result.function}: ${RULES[ruleId]} Old: ${result.oldClauses.join('; ') || 'none'}. New: ${result.newClauses.join('; ') || 'none'}.` },
          locations: [location(result.file, row?.specLine ?? result.line, row?.specColumn ?? 1)],
                    properties: { verifier: describeOptionalOrigin(result.origin), against: review.against },
        };
      }),
    ...(review.specChecks ?? []).flatMap((check) => {
      const row = spec.get(`${check.file}\0${check.function}`);
      const at = [location(check.file, row?.specLine ?? check.line, row?.specColumn ?? 1)];
      return [
        ...check.counterexamples.map((counterexample) => ({ ruleId: 'spec-counterexample', level: 'error', message: { text: `${check.function}: ${counterexample}` }, locations: at, properties: { evidence: 'the erased exec code, run' } })),
        ...(check.weakWitness === null ? [] : [{ ruleId: 'weak-postcondition-witness', level: 'warning', message: { text: `${check.function}: ${describeWitnessFinding(check.weakWitness)}.` }, locations: at, properties: { evidence: 'the erased exec code, run; the ensures evaluated on a perturbed result' } }]),
      ];
    }),
  ];
  const findings = context.findings ?? collectReviewFindings(review);
  const unchanged = new Set((context.baseline?.unchanged ?? []).map((finding) => finding.fingerprint));
  const fingerprinted = results.map((result, index) => {
    const finding = findings[index];
    // collectReviewFindings lists the findings in this order, and each kind is its rule.
    if (finding === undefined || finding.kind !== result.ruleId) throw new InternalError(`SARIF result ${index} (${result.ruleId}) has no matching finding (${finding?.kind ?? 'none'})`);
    return { ...result, partialFingerprints: { 'verusRepairFinding/v1': finding.fingerprint }, ...(context.baseline == null ? {} : { baselineState: unchanged.has(finding.fingerprint) ? 'unchanged' : 'new' }) };
  });
  if (fingerprinted.length !== findings.length) throw new InternalError(`SARIF has ${fingerprinted.length} results for ${findings.length} findings`);
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'verus-repair review',
            informationUri: INFORMATION_URI,
            rules: Object.entries(RULES).map(([id, text]) => ({ id, shortDescription: { text }, helpUri: INFORMATION_URI })),
          },
        },
        automationDetails: { id: `verus-repair-review/${review.id}` },
        results: fingerprinted,
        properties: { verifierOrigins: review.origins.map(describeVerdictOrigin), mutants: review.mutants.length, sourceSha256: review.sourceSha256, specTests: review.specChecks === undefined ? 'off' : { functions: review.specChecks.map(({ function: name, file, line, status, executableClauses, clauses, reason }) => ({ function: name, file, line, status, executableClauses, clauses, reason })), killedBySpecTests: review.mutants.flatMap(({ mutant, verdict }) => (verdict.status === 'killed-by-spec-tests' ? [{ mutant: mutant.id, function: mutant.function, line: mutant.line, counterexample: verdict.counterexample }] : [])) } },
      },
    ],
  };
}

/** Who produced the verdict behind a finding (every finding has one; the fallback keeps the property honest if not). */
function describeOptionalOrigin(origin: VerdictOrigin | undefined): string {
  return origin === undefined ? 'not recorded' : describeVerdictOrigin(origin);
}
