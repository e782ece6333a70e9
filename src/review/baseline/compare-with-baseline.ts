import type { ReviewBaseline } from './review-baseline.js';
import type { ReviewFinding } from './review-finding.js';

/** A review's findings against a baseline: the new ones, the known ones, and how many known ones are gone. */
export interface BaselineComparison {
  /** The baseline file, for messages. */
  file: string;
  new: ReviewFinding[];
  unchanged: ReviewFinding[];
  /** Entries of the baseline no finding of this review matches (fixed, or outside what was reviewed). */
  absent: number;
}

export function compareWithBaseline(file: string, findings: readonly ReviewFinding[], baseline: ReviewBaseline): BaselineComparison {
  const known = new Set(baseline.findings.map((entry) => entry.fingerprint));
  const matched = new Set<string>();
  const comparison: BaselineComparison = { file, new: [], unchanged: [], absent: 0 };
  for (const finding of findings) {
    if (known.has(finding.fingerprint)) {
      comparison.unchanged.push(finding);
      matched.add(finding.fingerprint);
    } else comparison.new.push(finding);
  }
  comparison.absent = [...known].filter((fingerprint) => !matched.has(fingerprint)).length;
  return comparison;
}
