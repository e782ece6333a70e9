import type { Diagnostic } from '../../core/diagnostic.js';
import type { DiagnosticKind } from '../../core/diagnostic-kind.js';
import { INFORMATIONAL_KINDS } from '../../core/diagnostic-kind.js';
import { countPromptTokens } from '../model/estimate-usage.js';
import type { TacticCard, TacticCatalog } from '../prompts/tactic-card.js';
import type { CutTactic, SelectedTactic, TacticSelection } from './tactic-selection.js';

/** The default token budget (o200k_base) for the cards of one guided feedback message. */
export const DEFAULT_TACTIC_TOKEN_BUDGET = 700;

interface Group { card: TacticCard; kinds: DiagnosticKind[]; errors: number; attachedTo: string[]; first: number }

/**
 * Chooses the cards for the errors present: each error's kind is mapped to its card (or the card it
 * shares); cards are ranked by how many errors they explain (ties: first error first). Within the
 * budget, every card that fits gets its moves, then the best-ranked get their examples; the rest is
 * cut and recorded. Informational notes count for nothing.
 */
export function selectTacticCards(diagnostics: readonly Diagnostic[], catalog: TacticCatalog, budgetTokens: number = DEFAULT_TACTIC_TOKEN_BUDGET): TacticSelection {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error' && !INFORMATIONAL_KINDS.has(diagnostic.kind));
  const groups = new Map<DiagnosticKind, Group>();
  const uncovered = new Set<DiagnosticKind>();
  for (const [index, diagnostic] of errors.entries()) {
    const card = catalog.cards.get(diagnostic.kind) ?? catalog.cards.get(catalog.shared.get(diagnostic.kind)?.card ?? diagnostic.kind);
    if (card === undefined) {
      uncovered.add(diagnostic.kind);
      continue;
    }
    const group = groups.get(card.kind) ?? { card, kinds: [], errors: 0, attachedTo: [], first: index };
    group.errors += 1;
    if (!group.kinds.includes(diagnostic.kind)) group.kinds.push(diagnostic.kind);
    const place = describePlace(diagnostic);
    if (!group.attachedTo.includes(place)) group.attachedTo.push(place);
    groups.set(card.kind, group);
  }
  const ranked = [...groups.values()].sort((left, right) => right.errors - left.errors || left.first - right.first);
  // First every card's moves (its summary), in rank order, while the budget allows; then, in rank
  // order, the examples of each card that still fits whole. Coverage of the errors comes before depth.
  const chosen: Array<{ group: Group; full: string; summary: string; fullTokens: number; summaryTokens: number; form: 'full' | 'summary' }> = [];
  const cut: CutTactic[] = [];
  let used = 0;
  for (const group of ranked) {
    const full = renderSection(group, group.card.text);
    const summary = renderSection(group, group.card.summary);
    const fullTokens = countPromptTokens(full);
    const summaryTokens = countPromptTokens(summary);
    if (used + summaryTokens <= budgetTokens) {
      chosen.push({ group, full, summary, fullTokens, summaryTokens, form: 'summary' });
      used += summaryTokens;
    } else {
      cut.push({ card: group.card.kind, errors: group.errors, cut: 'card', tokens: fullTokens });
    }
  }
  for (const entry of chosen) {
    if (used - entry.summaryTokens + entry.fullTokens <= budgetTokens) {
      entry.form = 'full';
      used += entry.fullTokens - entry.summaryTokens;
    } else {
      cut.push({ card: entry.group.card.kind, errors: entry.group.errors, cut: 'examples', tokens: entry.fullTokens - entry.summaryTokens });
    }
  }
  const selected: SelectedTactic[] = chosen.map(({ group, form, fullTokens, summaryTokens }) => ({
    card: group.card.kind, kinds: group.kinds, errors: group.errors, attachedTo: group.attachedTo, form, tokens: form === 'full' ? fullTokens : summaryTokens,
  }));
  const sections = chosen.map((entry) => (entry.form === 'full' ? entry.full : entry.summary));
  return { budgetTokens, usedTokens: used, selected, cut, uncovered: [...uncovered], sections };
}

function renderSection(group: Group, body: string): string {
  const errors = `${group.errors} error${group.errors === 1 ? '' : 's'}`;
  return [`Card \`${group.card.kind}\` (explains ${errors}) applies to:`, ...group.attachedTo.map((place) => `- ${place}`), '', body].join('\n');
}

/** Where an error is: its function and the failing clause the IR mapping found, else its line. */
export function describePlace(diagnostic: Diagnostic): string {
  const functionName = diagnostic.location?.function ?? diagnostic.function;
  const clause = diagnostic.location?.clause ?? null;
  const parts = [functionName === null ? 'outside any function' : `fn ${functionName}`];
  if (clause !== null) parts.push(`${clause.kind} #${clause.index + 1} \`${oneLine(clause.text).slice(0, 160)}\``);
  else if (diagnostic.primary !== null) parts.push(`line ${diagnostic.primary.line}`);
  return parts.join(', ');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
