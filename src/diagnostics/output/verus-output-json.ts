/** The `verification-results` block of `--output-json`, with absent keys as null (Verus omits some after VIR errors). */
export interface VerificationResultsBlock {
  encounteredError: boolean | null;
  encounteredVirError: boolean | null;
  /** Present only when the entire crate was verified (no `--verify-*`). */
  success: boolean | null;
  verified: number | null;
  errors: number | null;
  isVerifyingEntireCrate: boolean | null;
}

/** The `verus` block: which Verus build printed the document. */
export interface VerusBuildInfo {
  version: string | null;
  toolchain: string | null;
  platform: { os: string | null; arch: string | null } | null;
  profile: string | null;
  commit: string | null;
}

/**
 * The `--output-json` document Verus prints on stdout (see docs/diagnostics.md), reduced to
 * validated, typed fields. The parsed object is kept in `raw` for consumers that need other keys,
 * such as `func-details` proof notes or the full `times-ms` report.
 */
export interface VerusOutputJson {
  verificationResults: VerificationResultsBlock | null;
  verus: VerusBuildInfo | null;
  raw: Record<string, unknown>;
}
