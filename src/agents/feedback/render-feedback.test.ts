import { describe, expect, it } from 'vitest';
import { limitSentences } from '../instructor/limit-sentences.js';
import { loadPromptTemplates } from '../prompts/load-prompt-templates.js';
import { makeDiagnostic } from '../testing/make-diagnostic.js';
import { renderProtocolMessage } from './render-protocol-message.js';
import { renderVerificationFeedback } from './render-verification-feedback.js';
import { loadTacticCatalog } from '../prompts/load-tactic-catalog.js';
import { selectTacticCards } from './select-tactic-cards.js';

const templates = loadPromptTemplates();
const diagnostics = [
  makeDiagnostic({ expansion: 'assert(a && b)\n  a ✔\n  b ✘\n', notes: ['counterexample: a = 3, b = 7'] }),
  makeDiagnostic({ kind: 'trigger-note', severity: 'note', message: 'automatically chose triggers' }),
];

describe('renderVerificationFeedback', () => {
  it('none says only that the code did not verify', () => {
    expect(renderVerificationFeedback(templates, 'none', diagnostics, null)).toBe('The proposed code DID NOT verify.');
  });

  it('generic lists each error with kind, clause, function, line, notes and failing expansion', () => {
    const text = renderVerificationFeedback(templates, 'generic', diagnostics, null);
    expect(text).toContain('- postcondition: postcondition not satisfied, in fn max_of, line 5, clause ensures #1 `r >= a`');
    expect(text).toContain('note: counterexample: a = 3, b = 7');
    expect(text).toContain('b ✘');
    expect(text).not.toContain('a ✔');
    expect(text).not.toContain('automatically chose triggers');
  });

  it('auto passes on the advice, labelled as guidance and not evidence', () => {
    const text = renderVerificationFeedback(templates, 'auto', diagnostics, limitSentences('Add `r >= a` as an assertion. Then it holds. Extra.'));
    expect(text).toContain('advice, not evidence');
    expect(text).toContain('Add `r >= a` as an assertion. Then it holds.');
    expect(text).not.toContain('Extra.');
    expect(renderVerificationFeedback(templates, 'auto', diagnostics, null)).toBe('The proposed code DID NOT verify.');
  });
});

describe('renderVerificationFeedback with tactic cards', () => {
  const selection = selectTacticCards(diagnostics, loadTacticCatalog());

  it('guided is the generic list, each covered error pointing at its card, then the cards with their clauses', () => {
    const text = renderVerificationFeedback(templates, 'guided', diagnostics, null, selection);
    expect(text).toContain(renderVerificationFeedback(templates, 'generic', diagnostics, null).split('\n')[1]);
    expect(text).toContain('clause ensures #1 `r >= a`\n  note: counterexample: a = 3, b = 7');
    expect(text).toContain('  tactic card: `postcondition`');
    expect(text).toContain('Card `postcondition` (explains 1 error) applies to:\n- fn max_of, ensures #1 `r >= a`');
    expect(text).toContain('# postcondition: an `ensures` clause is not proved');
    expect(text).toContain('not evidence');
    expect(text.endsWith('Submit a corrected candidate.')).toBe(true);
  });

  it('guided without a selected card is exactly generic; auto+guided tells the editor what auto does', () => {
    const empty = selectTacticCards(diagnostics, loadTacticCatalog(), 0);
    expect(renderVerificationFeedback(templates, 'guided', diagnostics, null, empty)).toBe(renderVerificationFeedback(templates, 'generic', diagnostics, null));
    const advice = limitSentences('Add `r >= a` as an assertion.');
    const autoGuided = renderVerificationFeedback(templates, 'auto+guided', diagnostics, advice, selection);
    expect(autoGuided).toBe(renderVerificationFeedback(templates, 'auto', diagnostics, advice));
    expect(autoGuided).not.toContain('Card `');
  });
});

describe('renderProtocolMessage', () => {
  it('renders each protocol message from its own template', () => {
    expect(renderProtocolMessage(templates, { kind: 'format-error', problem: 'no submit_candidate tool call was made', requestId: 'r-1' })).toMatch(/^FORMAT ERROR: .*no submit_candidate tool call was made.*"request_id": "r-1"/s);
    expect(renderProtocolMessage(templates, { kind: 'identical-candidate', matches: { iteration: 2 } })).toContain('IDENTICAL: your candidate is the same code as your candidate of iteration 2');
    expect(renderProtocolMessage(templates, { kind: 'guard-rejection', rule: 'no-assume', details: 'line 4 uses assume(false).' })).toContain('breaks the rule "no-assume". line 4 uses assume(false).');
    expect(renderProtocolMessage(templates, { kind: 'precheck-failure', diagnostics: [makeDiagnostic({ kind: 'rustc-type', message: 'mismatched types', location: null, function: null })] })).toContain('- rustc-type: mismatched types, line 5');
  });
});
