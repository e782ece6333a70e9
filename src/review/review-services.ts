import type { PrecheckBuildStep, Prechecker } from '../core/verifier-precheck.js';
import type { VerificationOptions, Verifier } from '../core/verifier.js';
import type { ResultCache } from '../verifier/cache/result-cache.js';
import type { ReviewEvent } from './review-event.js';
import type { ReproveSettings } from './reprove/reprove-mutant.js';
import type { SpecTestSettings } from './spec-tests/spec-test-settings.js';

/** What the review stages run on: the same ports, cache and options as `repair`. */
export interface ReviewServices {
  verifier: Verifier;
  prechecker: Prechecker;
  /**
   * The pre-checker for mutants and probes, with a time limit derived from the original's pre-check:
   * a mutant often loops forever (a deleted increment), and its tests must not run for the default limit.
   * `test: false` drops `cargo test` (the original fails its tests while Verus verifies it).
   * `environment`: variables the cargo steps (and so the tests) get besides the usual ones: a mutant
   * schema's VERUS_REPAIR_MUTANT. `buildStep`: the step before the tests (CargoPrecheckerSettings).
   */
  createVariantPrechecker(timeoutMs: number, options?: { test?: boolean; environment?: Record<string, string>; buildStep?: PrecheckBuildStep }): Prechecker;
  cache: ResultCache | null;
  precheckRunsTests: boolean;
  options: VerificationOptions;
  emit: (event: ReviewEvent) => void;
  signal?: AbortSignal;
  /** Spec tests (absent: `--no-spec-tests`, `[review] spec_tests = false`): the harness on the original (output perturbation) and on each mutant before Verus. */
  specTests?: SpecTestSettings;
  /** `--reprove`: re-prove every mutant killed by Verus with the repair loop. */
  reprove?: ReproveSettings;
}
