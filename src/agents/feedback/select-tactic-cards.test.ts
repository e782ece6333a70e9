import { describe, expect, it } from 'vitest';
import { countPromptTokens } from '../model/estimate-usage.js';
import { loadTacticCatalog } from '../prompts/load-tactic-catalog.js';
import { makeDiagnostic } from '../testing/make-diagnostic.js';
import { selectTacticCards } from './select-tactic-cards.js';

const catalog = loadTacticCatalog();
const invariant = (index: number, text: string) =>
  makeDiagnostic({ kind: 'invariant-end-of-loop-body', message: 'invariant not satisfied at end of loop body', function: 'scan', location: { function: 'scan', loopId: 'loop-0', clause: { kind: 'invariant', index, text } } });
const overflow = makeDiagnostic({ kind: 'arithmetic-overflow', message: 'possible arithmetic underflow/overflow', function: 'scan', location: { function: 'scan', loopId: 'loop-0', clause: null }, primary: { ...makeDiagnostic().primary!, line: 17 } });
const exitInvariant = makeDiagnostic({ kind: 'invariant-at-loop-exit', function: 'scan', location: { function: 'scan', loopId: 'loop-0', clause: { kind: 'invariant', index: 2, text: 'n <= i' } } });

describe('selectTacticCards', () => {
  it('ranks cards by the errors they explain, maps shared kinds onto their card and attaches the failing clauses', () => {
    const selection = selectTacticCards([overflow, invariant(0, 'i <= v.len()'), exitInvariant, invariant(1, 'n == count(v@.subrange(0, i as int), x)')], catalog, 10_000);
    expect(selection.selected.map((card) => [card.card, card.errors])).toEqual([['invariant-end-of-loop-body', 3], ['arithmetic-overflow', 1]]);
    expect(selection.selected[0]!.kinds).toEqual(['invariant-end-of-loop-body', 'invariant-at-loop-exit']);
    expect(selection.selected[0]!.attachedTo).toEqual([
      'fn scan, invariant #1 `i <= v.len()`', 'fn scan, invariant #3 `n <= i`', 'fn scan, invariant #2 `n == count(v@.subrange(0, i as int), x)`',
    ]);
    expect(selection.selected[1]!.attachedTo).toEqual(['fn scan, line 17']);
    expect(selection.sections[0]).toMatch(/^Card `invariant-end-of-loop-body` \(explains 3 errors\) applies to:\n- fn scan, invariant #1 `i <= v.len\(\)`/);
    expect(selection.cut).toEqual([]);
    expect(selection.usedTokens).toBe(selection.selected.reduce((sum, card) => sum + card.tokens, 0));
    expect(selection.usedTokens).toBe(selection.sections.reduce((sum, section) => sum + countPromptTokens(section), 0));
  });

  it('keeps within the budget: moves of every card first, examples for the best-ranked, the rest cut and recorded', () => {
    const diagnostics = [invariant(0, 'i <= v.len()'), invariant(1, 'n <= i'), overflow, makeDiagnostic()];
    const roomy = selectTacticCards(diagnostics, catalog, 100_000);
    expect(roomy.selected.map((card) => [card.card, card.form])).toEqual([['invariant-end-of-loop-body', 'full'], ['arithmetic-overflow', 'full'], ['postcondition', 'full']]);
    const summaries = roomy.selected.map((card) => countPromptTokens(sectionSummary(card.card, card.errors, card.attachedTo)));
    const allSummaries = summaries.reduce((sum, tokens) => sum + tokens, 0);

    const moves = selectTacticCards(diagnostics, catalog, allSummaries);
    expect(moves.selected.map((card) => [card.card, card.form])).toEqual([['invariant-end-of-loop-body', 'summary'], ['arithmetic-overflow', 'summary'], ['postcondition', 'summary']]);
    expect(moves.cut.map((card) => [card.card, card.cut])).toEqual([['invariant-end-of-loop-body', 'examples'], ['arithmetic-overflow', 'examples'], ['postcondition', 'examples']]);
    expect(moves.sections.join('')).not.toContain('```');
    expect(moves.usedTokens).toBe(allSummaries);

    const firstFull = allSummaries - summaries[0]! + roomy.selected[0]!.tokens;
    const deeper = selectTacticCards(diagnostics, catalog, firstFull);
    expect(deeper.selected.map((card) => card.form)).toEqual(['full', 'summary', 'summary']);
    expect(deeper.usedTokens).toBe(firstFull);

    const short = selectTacticCards(diagnostics, catalog, allSummaries - 1);
    expect(short.selected.map((card) => card.card)).toEqual(['invariant-end-of-loop-body', 'arithmetic-overflow']);
    expect(short.cut).toContainEqual({ card: 'postcondition', errors: 1, cut: 'card', tokens: roomy.selected[2]!.tokens });
    expect(short.usedTokens).toBeLessThanOrEqual(short.budgetTokens);
    expect(selectTacticCards(diagnostics, catalog, 0).cut.map((card) => card.cut)).toEqual(['card', 'card', 'card']);
  });

  it('ignores notes and warnings, and lists error kinds that have no card', () => {
    const selection = selectTacticCards([
      makeDiagnostic({ kind: 'trigger-note', severity: 'note' }), makeDiagnostic({ severity: 'warning' }), makeDiagnostic({ kind: 'verus-panic' }),
    ], catalog);
    expect(selection.selected).toEqual([]);
    expect(selection.sections).toEqual([]);
    expect(selection.uncovered).toEqual(['verus-panic']);
  });
});

/** A card's section without its examples, as selectTacticCards renders it. */
function sectionSummary(kind: string, errors: number, attachedTo: string[]): string {
  return [`Card \`${kind}\` (explains ${errors} error${errors === 1 ? '' : 's'}) applies to:`, ...attachedTo.map((place) => `- ${place}`), '', catalog.cards.get(kind as never)!.summary].join('\n');
}
