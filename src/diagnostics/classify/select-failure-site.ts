import type { Diagnostic, DiagnosticSpan } from '../../core/diagnostic.js';

/** Labels that name the failure site, most telling first (Verus's test harness, `relevant_error_span`). */
const FAILURE_SITE_LABELS = ['at this exit', 'at this call-site', 'might not be allowed at this call-site', 'failed this postcondition'];

/** The label of the callee's `requires` clause: evidence, never the failure site itself. */
const CALLEE_CLAUSE_LABEL = 'failed precondition';

/**
 * The span a failure is attributed to, chosen as Verus's harness does: the first span labelled
 * with a preferred label (in the order above), else the first span not labelled `failed
 * precondition`. Spans are considered primary first, then secondary in printed order. Null when
 * the diagnostic has no usable span.
 */
export function selectFailureSite(diagnostic: Diagnostic): DiagnosticSpan | null {
  const spans = diagnostic.primary === null ? diagnostic.secondary : [diagnostic.primary, ...diagnostic.secondary];
  for (const label of FAILURE_SITE_LABELS) {
    const labelled = spans.find((span) => span.label?.trim() === label);
    if (labelled !== undefined) return labelled;
  }
  return spans.find((span) => span.label?.trim() !== CALLEE_CLAUSE_LABEL) ?? null;
}

/** The callee's failed `requires` clause of a precondition failure, if the verifier printed it. */
export function selectFailedPrecondition(diagnostic: Diagnostic): DiagnosticSpan | null {
  return diagnostic.secondary.find((span) => span.label?.trim() === CALLEE_CLAUSE_LABEL) ?? null;
}
