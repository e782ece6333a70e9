import type { DiagnosticKind } from '../../core/diagnostic-kind.js';

/** One card chosen for a feedback message: which errors it explains and where they are. */
export interface SelectedTactic {
  card: DiagnosticKind;
  /** The diagnostic kinds of the errors this card explains (a card may serve several kinds). */
  kinds: DiagnosticKind[];
  errors: number;
  /** The failing clauses (or lines) the IR mapping found for those errors, e.g. "fn f, ensures #1 `r > 0`". */
  attachedTo: string[];
  /** `full` with examples, `summary` without them when the budget was short. */
  form: 'full' | 'summary';
  tokens: number;
}

/** A card left out, whole (`card`) or its examples only (`examples`), because the budget was spent. */
export interface CutTactic {
  card: DiagnosticKind;
  errors: number;
  cut: 'card' | 'examples';
  tokens: number;
}

/**
 * The cards of a guided feedback message, ranked by how many errors each explains, with the token
 * budget, what was used and what was cut. Recorded in the run's events, report and ledger notes.
 */
export interface TacticSelection {
  budgetTokens: number;
  usedTokens: number;
  selected: SelectedTactic[];
  cut: CutTactic[];
  /** Error kinds present that have no card (listed in prompts/tactics/README.md with a reason). */
  uncovered: DiagnosticKind[];
  /** The rendered cards, one section each, as sent (empty when none was selected). */
  sections: string[];
}

/** What a run records about the cards of one feedback message (the selection without its text). */
export interface TacticRecord {
  /** Who received the cards: the editor (`guided`) or the instructor (`auto+guided`). */
  recipient: 'editor' | 'instructor';
  budgetTokens: number;
  usedTokens: number;
  selected: SelectedTactic[];
  cut: CutTactic[];
  uncovered: DiagnosticKind[];
}

export function recordTacticSelection(selection: TacticSelection, recipient: TacticRecord['recipient']): TacticRecord {
  const { sections: _sections, ...rest } = selection;
  return { recipient, ...rest };
}
