import type { ProofResultLabel } from './proof-trailers.js';

/**
 * The git note (under refs/notes/verus-repair) attached to every ledger commit. It carries the
 * full normalized verifier report and the digests that tie the candidate to the model exchange.
 * Its canonical-JSON sha256 is the commit's `Note-SHA256` trailer, so an edited note is detectable.
 */
export interface LedgerNote {
  schema: 'verus-repair/ledger-note@1';
  runId: string;
  iteration: number;
  sample: number;
  /** The checked files (repository-relative), whose bytes `Source-SHA256` covers. */
  files: string[];
  sourceSha256: string;
  proofResult: ProofResultLabel;
  /** The normalized verifier report (or guard / pre-check findings) as JSON. */
  report: unknown;
  promptDigest: string | null;
  responseDigest: string | null;
  cassetteLines: number[] | null;
  tokens: { prompt: number; completion: number; estimated: boolean } | null;
  wallTimeMs: number | null;
}

export const LEDGER_NOTES_REF = 'refs/notes/verus-repair';
export const LEDGER_BRANCH_PREFIX = 'verus-repair/';
export const LEDGER_BASE_REF_PREFIX = 'refs/verus-repair/base/';
/**
 * Per run, the latest recorded candidate, moved in the same ref transaction as the run's branch. It
 * lives outside the branch, so an audit can tell when the branch was rewound or truncated.
 */
export const LEDGER_RECORDED_REF_PREFIX = 'refs/verus-repair/recorded/';
