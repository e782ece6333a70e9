import type { DiagnosticKind } from '../../core/diagnostic-kind.js';

/** One before/after example of a card, as Verus items (functions, spec fns). */
export interface TacticExample {
  before: string;
  after: string;
  /** Definitions both sides need (spec functions, lemmas); compiled with them, never shown to a model. */
  support: string;
}

/**
 * A tactic card (prompts/tactics/<kind>.md): what one diagnostic kind means in Verus terms, its usual
 * causes and the standard moves, with examples. Written by the team; data, not code.
 */
export interface TacticCard {
  kind: DiagnosticKind;
  title: string;
  /** The card as a model sees it: the whole file minus its `rust support` blocks. */
  text: string;
  /** The card without its examples (everything before the first example block), used when the budget is short. */
  summary: string;
  examples: TacticExample[];
}

/** Every card, the kinds that borrow another kind's card, and the kinds with none (each with its reason). */
export interface TacticCatalog {
  cards: ReadonlyMap<DiagnosticKind, TacticCard>;
  shared: ReadonlyMap<DiagnosticKind, { card: DiagnosticKind; reason: string }>;
  withoutCard: ReadonlyMap<DiagnosticKind, string>;
}
