import type { Diagnostic } from '../core/diagnostic.js';
import type { FunctionOutcome } from '../core/verifier-result.js';
import type { VerusOutputJson } from './output/verus-output-json.js';

/**
 * Everything one Verus (or cargo pre-check) run printed, parsed. Verifier output is untrusted:
 * lines that could not be read are counted in `unparsedLineCount`, never thrown.
 */
export interface VerifierReport {
  /** Classified diagnostics in the order they were printed; `unknown` ones are kept. */
  diagnostics: Diagnostic[];
  /** `verification results:: N verified, M errors`, or the `--output-json` counts; null when absent. */
  summary: { verified: number; errors: number } | null;
  /** The `--output-json` document from stdout, when one was printed. */
  outputJson: VerusOutputJson | null;
  /** Per-function outcomes from `times-ms.smt.smt-run-module-times[].function-breakdown[]`. */
  functions: FunctionOutcome[];
  /** `verus.version` from the `--output-json` document. */
  verusVersion: string | null;
  /** Non-empty lines that matched no rule (noise is skipped deliberately and not counted). */
  unparsedLineCount: number;
}
