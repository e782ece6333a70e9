import type { MutationOperator } from './mutation-operator.js';

/**
 * One proposed rewrite of executable code, before it becomes a mutant: a UTF-16 range of the
 * source (as the IR's token offsets are) and its replacement.
 */
export interface MutationSite {
  operator: MutationOperator;
  /** The exec function's qualified name. */
  function: string;
  start: number;
  end: number;
  replacement: string;
}
