import type { Prechecker } from '../../core/verifier-precheck.js';

/**
 * The pre-checker for what derives from an original whose `cargo build` is waived (precheck-waiver.ts):
 * nothing runs (`passed` with no steps and no command), so every variant goes straight to Verus.
 */
export const WAIVED_PRECHECKER: Prechecker = {
  precheck: async () => ({ status: 'passed', steps: [], command: [], wallTimeMs: 0, warnings: [] }),
};
