import type { TacticRecord } from './tactic-selection.js';

/**
 * One line about the cards of a feedback message, for progress output and reports:
 * `tactic cards to the editor: postcondition (2 errors), mode (1 error, moves only); cut: trigger-inference; 655/700 tokens`.
 */
export function describeTacticRecord(record: TacticRecord): string {
  const cards = record.selected.map((card) => `${card.card} (${card.errors} error${card.errors === 1 ? '' : 's'}${card.form === 'summary' ? ', moves only' : ''})`);
  const cut = record.cut.filter((card) => card.cut === 'card').map((card) => card.card);
  const parts = [`tactic cards to the ${record.recipient}: ${cards.length > 0 ? cards.join(', ') : 'none'}`];
  if (cut.length > 0) parts.push(`cut: ${cut.join(', ')}`);
  if (record.uncovered.length > 0) parts.push(`no card: ${record.uncovered.join(', ')}`);
  parts.push(`${record.usedTokens}/${record.budgetTokens} tokens`);
  return parts.join('; ');
}
