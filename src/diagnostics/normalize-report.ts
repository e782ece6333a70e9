import type { Diagnostic, DiagnosticSpan } from '../core/diagnostic.js';
import type { FunctionOutcome } from '../core/verifier-result.js';
import { normalizePath } from './output/normalize-path.js';
import { normalizeText } from './output/normalize-text.js';
import { serializeCanonicalJson } from './output/serialize-canonical-json.js';
import type { VerifierReport } from './verifier-report.js';

/**
 * A copy of the report without what differs between two runs of the same proof on different
 * machines: paths are made relative to `root` (temporary and install paths get placeholders),
 * durations and ANSI escapes leave the text, long-running notes and the raw `times-ms` block are dropped, and
 * diagnostics, spans and functions are put in a stable order (Verus's worker threads print in
 * nondeterministic order).
 */
export function normalizeReport(report: VerifierReport, options: { root: string | null }): VerifierReport {
  const { root } = options;
  // Reports repeat the same files, labels and messages many times; each distinct string is normalized once.
  const text = memoize((value: string) => normalizeText(value, root));
  const path = memoize((value: string) => normalizePath(value, root));
  const normalizeSpan = (span: DiagnosticSpan): DiagnosticSpan => ({
    ...span,
    file: path(span.file),
    label: span.label === null ? null : text(span.label),
  });
  const diagnostics = report.diagnostics
    .filter((diagnostic) => diagnostic.kind !== 'long-running-note')
    .map(
      (diagnostic): Diagnostic => ({
        ...diagnostic,
        message: text(diagnostic.message),
        notes: diagnostic.notes.map(text),
        expansion: diagnostic.expansion === null ? null : text(diagnostic.expansion),
        primary: diagnostic.primary === null ? null : normalizeSpan(diagnostic.primary),
        secondary: diagnostic.secondary.map(normalizeSpan).sort(compareSpans),
      }),
    )
    .sort(compareDiagnostics);
  // Times and rlimit use stay: the verdict, `verify --json` and the ledger report them. Only the serialized form drops them.
  const functions = [...report.functions]
    .sort((left, right) => compareText(left.module ?? '', right.module ?? '') || compareText(left.function, right.function));
  const outputJson =
    report.outputJson === null
      ? null
      : { ...report.outputJson, raw: Object.fromEntries(Object.entries(report.outputJson.raw).filter(([key]) => key !== 'times-ms')) };
  return { ...report, diagnostics, functions, outputJson };
}

/**
 * Canonical JSON (sorted keys, no whitespace) of a report, for comparing runs and storing with a
 * verdict; normalize it first for a machine-independent string. Per-function times and rlimit use
 * differ between two runs of the same proof, so they are left out here (and only here).
 */
export function serializeNormalizedReport(report: VerifierReport): string {
  return serializeCanonicalJson({ ...report, functions: report.functions.map((outcome): FunctionOutcome => ({ ...outcome, timeMs: null, rlimit: null })) });
}

function memoize(normalize: (value: string) => string): (value: string) => string {
  const seen = new Map<string, string>();
  return (value) => {
    let normalized = seen.get(value);
    if (normalized === undefined) {
      normalized = normalize(value);
      seen.set(value, normalized);
    }
    return normalized;
  };
}

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function compareSpans(left: DiagnosticSpan, right: DiagnosticSpan): number {
  return compareText(left.file, right.file) || left.line - right.line || left.column - right.column || compareText(left.label ?? '', right.label ?? '');
}

function compareDiagnostics(left: Diagnostic, right: Diagnostic): number {
  if (left.primary === null || right.primary === null) {
    if (left.primary !== right.primary) return left.primary === null ? 1 : -1;
  } else {
    const bySpan = compareSpans(left.primary, right.primary);
    if (bySpan !== 0) return bySpan;
  }
  return (
    compareText(left.kind, right.kind) ||
    compareText(left.message, right.message) ||
    compareText(left.severity, right.severity) ||
    // Full ties are rare (the same message twice at one place); the whole value decides them.
    compareText(serializeCanonicalJson(left), serializeCanonicalJson(right))
  );
}
