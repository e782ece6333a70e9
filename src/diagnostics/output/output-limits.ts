/**
 * Bounds on what the output parser keeps. Verifier output is untrusted: a runaway proof or a broken
 * toolchain can print gigabytes, so every collection the parser builds has a ceiling.
 */
export const OUTPUT_LIMITS = {
  /** Lines longer than this (in UTF-16 code units, ~1 MiB of ASCII) are skipped and counted as unparsed. */
  maxLineLength: 1024 * 1024,
  /** Diagnostics beyond this are dropped; one `output-truncated` note says how many. */
  maxDiagnostics: 10_000,
  maxNotesPerDiagnostic: 200,
  maxSpansPerDiagnostic: 200,
  /** Characters kept of a message, a note, a label or an expansion tree. */
  maxTextLength: 64 * 1024,
  /** A pretty-printed `--output-json` document may span at most this many lines. */
  maxDocumentLines: 200_000,
  /** Total lines scanned while looking for multi-line JSON documents, as a multiple of the line count. */
  documentScanBudgetFactor: 4,
} as const;

/** Cuts text to the limit, marking the cut so that a truncated message is never mistaken for a whole one. */
export function limitText(text: string): string {
  if (text.length <= OUTPUT_LIMITS.maxTextLength) return text;
  return `${text.slice(0, OUTPUT_LIMITS.maxTextLength)}… [truncated]`;
}
