import type { VerificationResultsBlock } from './output/verus-output-json.js';

/**
 * One `verification-results` block for several targets of the root package (lib and bin are
 * verified as separate crates): an error anywhere is an error, success needs every target's,
 * counts add up when every target reported them.
 */
export function mergeVerificationResults(blocks: readonly VerificationResultsBlock[]): VerificationResultsBlock | null {
  if (blocks.length <= 1) return blocks[0] ?? null;
  return {
    encounteredError: anyTrue(blocks.map((block) => block.encounteredError)),
    encounteredVirError: anyTrue(blocks.map((block) => block.encounteredVirError)),
    success: allTrue(blocks.map((block) => block.success)),
    verified: sum(blocks.map((block) => block.verified)),
    errors: sum(blocks.map((block) => block.errors)),
    isVerifyingEntireCrate: allTrue(blocks.map((block) => block.isVerifyingEntireCrate)),
  };
}

function anyTrue(values: Array<boolean | null>): boolean | null {
  if (values.includes(true)) return true;
  return values.includes(null) ? null : false;
}

function allTrue(values: Array<boolean | null>): boolean | null {
  if (values.includes(false)) return false;
  return values.includes(null) ? null : true;
}

function sum(values: Array<number | null>): number | null {
  return values.some((value) => value === null) ? null : values.reduce<number>((total, value) => total + (value ?? 0), 0);
}
