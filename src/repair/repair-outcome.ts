import type { RunReport } from '../report/run-report.js';

/** How a run ended. `verified` means a candidate verified the whole crate under the guard. */
export interface RepairOutcome {
  runId: string;
  outcome: 'verified' | 'not-verified';
  stopReason: string;
  ledgerBranch: string;
  verifiedCommit: string | null;
  report: RunReport;
  reportFiles: string[];
}
