import type { EditorAgent, InstructorAgent, TacticRecord } from '../agents/index.js';
import type { VerusFileIr } from '../ir/index.js';
import type { RunWorkspace } from '../ledger/git-proof-ledger.js';
import type { CrateFiles } from './setup/crate-snapshot.js';
import type { RepairRequest, RepairServices } from './repair-request.js';
import type { RunReportBuilder } from './report/run-report-builder.js';
import type { FunctionSpecSummary } from './candidates/candidate-counterexamples.js';
import type { OriginalSpecCheck } from './check-original-spec.js';

/** Everything one run carries from iteration to iteration. */
export interface RepairRunState {
  request: RepairRequest;
  services: RepairServices;
  run: RunWorkspace;
  originalFiles: CrateFiles;
  originalSource: string;
  originalIr: VerusFileIr;
  editor: EditorAgent;
  instructor: InstructorAgent;
  report: RunReportBuilder;
  /** The first stably verified candidate (or, with no stability check, the first verified one): the run stops on it. */
  verifiedCommit: string | null;
  /** With a stability check: the verified candidate that passed the most seeds without passing all; it wins at the end when no stable one exists. */
  unstableBest?: { commit: string; passed: number; total: number; label?: string } | null;
  /** `stable N/N` for the verified commit when a stability check ran. */
  stableLabel?: string | null;
  /** The tactic cards of the last feedback; the next iteration's candidates record them in their ledger notes. */
  feedbackTactics?: TacticRecord | null;
  /** At a counterexample level: the original's spec check, reused in feedback while a candidate keeps the spec. */
  originalSpecCheck?: OriginalSpecCheck | null;
  /** Spec checks of candidates' changed specs (--allow-spec-change), by function and spec text. */
  changedSpecChecks?: Map<string, FunctionSpecSummary | null>;
}
