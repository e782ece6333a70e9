import type { ReviewFinding, ReviewFindingKind } from '../baseline/review-finding.js';

/** GitLab's Code Quality severities, by how sure the finding is that the spec is too weak. */
const SEVERITY: Record<ReviewFindingKind, 'minor' | 'major' | 'critical'> = {
  'surviving-mutant': 'major',
  'proven-survivor': 'critical',
  'contradictory-requires': 'critical',
  'ensures-ignore-result': 'critical',
  'unreachable-code': 'major',
  'precondition-strengthened': 'major',
  'postcondition-weakened': 'major',
  'spec-counterexample': 'critical',
  'weak-postcondition-witness': 'minor',
};

/**
 * `--code-quality FILE`: the findings as a GitLab Code Quality report (a JSON array; `fingerprint`
 * is the finding's, so a merge request widget shows which findings are new against the target
 * branch). Paths are relative to the repository: `pathPrefix` is where the crate sits.
 */
export function renderReviewCodeQuality(findings: readonly ReviewFinding[], pathPrefix: string): object[] {
  return findings.map((finding) => ({
    type: 'issue',
    check_name: `verus-repair/${finding.kind}`,
    description: finding.message,
    categories: ['Bug Risk'],
    severity: SEVERITY[finding.kind],
    fingerprint: finding.fingerprint,
    location: { path: pathPrefix === '' ? finding.file : `${pathPrefix}/${finding.file}`, lines: { begin: finding.line } },
  }));
}
