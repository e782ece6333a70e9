import type { RunReport } from '../../report/run-report.js';

/** How a run ended. `verified` means a candidate verified the whole crate under the guard. */
export interface RepairOutcome {
  runId: string;
  outcome: 'verified' | 'not-verified';
  stopReason: string;
  ledgerBranch: string;
  verifiedCommit: string | null;
  /** With a stability check: the winning candidate's `stable N/N` or `unstable k/N`; null otherwise. */
  stability?: string | null;
  report: RunReport;
  reportFiles: string[];
}
