import type { Clause } from '../clause.js';

/** Token ranges ([first, end)) of a loop's parts, before ids and spans are assigned. */
export interface LoopHead {
  kind: 'while' | 'loop' | 'for';
  /** First token of the loop: the label's `'`, or the keyword. */
  first: number;
  label: string | null;
  headerEnd: number;
  condition: [number, number] | null;
  pattern: [number, number] | null;
  iterator: [number, number] | null;
  iteratorName: number | null;
  clauses: Clause[];
  bodyOpen: number;
}
