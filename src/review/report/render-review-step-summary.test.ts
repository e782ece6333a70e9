import type { VerdictOrigin } from '../../core/verdict-origin.js';
import { describe, expect, it } from 'vitest';
import { collectReviewFindings } from '../baseline/collect-review-findings.js';
import { compareWithBaseline } from '../baseline/compare-with-baseline.js';
import { createReviewBaseline } from '../baseline/review-baseline.js';
import type { ReviewResult, SettledMutant } from '../review-result.js';
import { escapeData, escapeProperty, renderGithubAnnotations } from './render-github-annotations.js';
import { renderReviewCodeQuality } from './render-review-code-quality.js';
import { renderReviewSarif } from './render-review-sarif.js';
import { renderReviewStepSummary } from './render-review-step-summary.js';

const SOURCE = 'verus! {\npub fn pick(x: u64) -> (r: u64)\n    ensures r <= x,\n{\n    if x > 5 { x - 1 } else { x }\n}\n}\n';
const origin: VerdictOrigin = { kind: 'local', tool: 'cargo-verus', program: '/fake/cargo-verus', verusVersion: 'fake' };

function survivor(id: string, original: string, replacement: string): SettledMutant {
  const source = SOURCE.replace(original, replacement);
  return {
    mutant: { id, operator: 'relational-operator', file: 'src/lib.rs', function: 'pick', line: 5, column: 10, original, replacement, diff: `--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -5 +5 @@\n-    if x ${original} 5 { x - 1 } else { x }\n+    if x ${replacement} 5 { x - 1 } else { x }\n`, sourceSha256: id, source },
    verdict: { status: 'survived', settledBy: 'verus', origin },
  };
}

/** A synthetic review of one weak function (written for this test): two surviving mutants, one killed. */
const REVIEW = {
  id: 'r1',
  crateDir: '/crate',
  files: ['src/lib.rs'],
  functions: [{ function: 'pick', file: 'src/lib.rs', line: 2, specLine: 3, specColumn: 5, mutants: 3, counts: { stillborn: 0, 'killed-by-tests': 0, 'killed-by-spec-tests': 0, 'killed-by-verus': 1, survived: 2, 'timed-out': 0, unsettled: 0 }, provenSurvivors: 0, mutationScore: 1 / 3, settledBeforeVerus: 0, verifierCalls: 3, vacuityFindings: 0 }],
  mutants: [survivor('m1', '>', '>='), survivor('m2', '>', '<'), { ...survivor('m3', '>', '=='), verdict: { status: 'killed-by-verus', settledBy: 'verus', errors: [], origin } }],
  vacuity: [],
  entailment: [],
  findings: 2,
  origins: [],
  sourceSha256: 'x',
} as unknown as ReviewResult;

describe('the step summary and the GitHub annotations', () => {
  const findings = collectReviewFindings(REVIEW, new Map([['src/lib.rs', SOURCE]]));

  it('renders the table and the findings with their diffs', () => {
    expect(renderReviewStepSummary(REVIEW, findings, { changes: { base: 'origin/main', functions: 1, deleted: 0 }, baseline: null })).toBe(`## verus-repair review

Reviewed 1 function(s) changed since \`origin/main\`: 3 mutant(s), 2 finding(s).

| function | file | mutants | stillborn | killed by tests | killed by spec tests | killed by Verus | survivors | witnesses | vacuity |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| \`pick\` | src/lib.rs:2 | 3 | 0 | 0 | 0 | 1 | 2 | 0 | 0 |

### Findings (2)

- **surviving-mutant** \`pick\` src/lib.rs:5: mutant m1 of pick (relational-operator: \`> → >=\`) verifies: the specification does not rule it out

  \`\`\`diff
  --- a/src/lib.rs
  +++ b/src/lib.rs
  @@ -5 +5 @@
  -    if x > 5 { x - 1 } else { x }
  +    if x >= 5 { x - 1 } else { x }
  \`\`\`

- **surviving-mutant** \`pick\` src/lib.rs:5: mutant m2 of pick (relational-operator: \`> → <\`) verifies: the specification does not rule it out

  \`\`\`diff
  --- a/src/lib.rs
  +++ b/src/lib.rs
  @@ -5 +5 @@
  -    if x > 5 { x - 1 } else { x }
  +    if x < 5 { x - 1 } else { x }
  \`\`\`
`);
  });

  it('under a baseline, counts the hidden ones and lists only the new', () => {
    const comparison = compareWithBaseline('baseline.json', findings, createReviewBaseline('r0', findings.slice(0, 1)));
    const summary = renderReviewStepSummary(REVIEW, comparison.new, { changes: null, baseline: comparison });
    expect(summary.split('\n').slice(0, 3).join('\n')).toBe('## verus-repair review\n\nReviewed 1 function(s): 3 mutant(s), 1 new finding(s); 1 known finding(s) hidden by the baseline `baseline.json`.');
    expect(summary).toContain('### New findings (1)\n\n- **surviving-mutant** `pick` src/lib.rs:5: mutant m2 of pick');
    expect(summary).not.toContain('mutant m1');
  });

  it('prints one ::warning per finding, escaped by the workflow-command rules', () => {
    expect(renderGithubAnnotations(findings, 'crates/pick')).toBe(
      '::warning file=crates/pick/src/lib.rs,line=5,col=10,title=verus-repair review%3A surviving-mutant::mutant m1 of pick (relational-operator: `> → >=`) verifies: the specification does not rule it out\n' +
        '::warning file=crates/pick/src/lib.rs,line=5,col=10,title=verus-repair review%3A surviving-mutant::mutant m2 of pick (relational-operator: `> → <`) verifies: the specification does not rule it out\n',
    );
    expect(escapeData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
    expect(escapeProperty('a,b:c%\n')).toBe('a%2Cb%3Ac%25%0A');
  });

  it('lists the findings as a GitLab Code Quality report, with the fingerprints', () => {
    expect(renderReviewCodeQuality(findings.slice(0, 1), 'crates/pick')).toEqual([
      { type: 'issue', check_name: 'verus-repair/surviving-mutant', description: 'mutant m1 of pick (relational-operator: `> → >=`) verifies: the specification does not rule it out', categories: ['Bug Risk'], severity: 'major', fingerprint: findings[0]?.fingerprint, location: { path: 'crates/pick/src/lib.rs', lines: { begin: 5 } } },
    ]);
  });

  it('SARIF: repository-relative URIs, the fingerprint, and baselineState under a baseline', () => {
    const comparison = compareWithBaseline('baseline.json', findings, createReviewBaseline('r0', findings.slice(0, 1)));
    const sarif = renderReviewSarif(REVIEW, { findings, baseline: comparison, pathPrefix: 'crates/pick' }) as { runs: Array<{ results: Array<{ baselineState: string; partialFingerprints: Record<string, string>; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }> }> };
    const results = sarif.runs[0]?.results ?? [];
    expect(results.map((result) => result.baselineState)).toEqual(['unchanged', 'new']);
    expect(results.map((result) => result.partialFingerprints)).toEqual(findings.map((finding) => ({ 'verusRepairFinding/v1': finding.fingerprint })));
    expect(results[0]?.locations[0]?.physicalLocation.artifactLocation.uri).toBe('crates/pick/src/lib.rs');
  });

  it('fingerprints do not move with the lines', () => {
    const moved = { ...REVIEW, mutants: REVIEW.mutants.map((entry) => ({ ...entry, mutant: { ...entry.mutant, line: 6, source: `\n${entry.mutant.source}` } })) } as ReviewResult;
    expect(collectReviewFindings(moved, new Map([['src/lib.rs', `\n${SOURCE}`]])).map((finding) => finding.fingerprint)).toEqual(findings.map((finding) => finding.fingerprint));
  });
});
