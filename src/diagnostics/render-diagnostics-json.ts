import type { Diagnostic, DiagnosticSpan } from '../core/diagnostic.js';
import type { FunctionOutcome } from '../core/verifier-result.js';
import { selectFailureSite } from './classify/select-failure-site.js';
import type { VerifierReport } from './verifier-report.js';

/** One entry of `verus-repair diagnostics --json`: a Diagnostic plus the failure site chosen for it. */
export type DiagnosticsJsonEntry = Diagnostic & { failureSite: DiagnosticSpan | null };

/** The document `verus-repair diagnostics --json` prints (documented in docs/diagnostics.md). */
export interface DiagnosticsJson {
  diagnostics: DiagnosticsJsonEntry[];
  summary: VerifierReport['summary'];
  functions: FunctionOutcome[];
  verusVersion: string | null;
  unparsedLineCount: number;
}

export function toDiagnosticsJson(report: VerifierReport): DiagnosticsJson {
  return {
    diagnostics: report.diagnostics.map((diagnostic) => ({ ...diagnostic, failureSite: selectFailureSite(diagnostic) })),
    summary: report.summary,
    functions: report.functions,
    verusVersion: report.verusVersion,
    unparsedLineCount: report.unparsedLineCount,
  };
}
