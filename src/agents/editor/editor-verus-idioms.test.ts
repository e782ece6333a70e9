import { describe, expect, it } from 'vitest';
import { VERUS_IDIOMS_TOKEN_BUDGET } from './verus-idioms-token-budget.js';
import { countPromptTokens } from '../model/estimate-usage.js';
import { loadPromptTemplates } from '../prompts/load-prompt-templates.js';
import { buildEditorPrompt } from './build-editor-prompt.js';

const templates = loadPromptTemplates();

describe("the editor's Verus idioms section (prompts/editor-verus-idioms.md)", () => {
  it('teaches views, old, modes with ghost and tracked, loop isolation, =~= and triggers within its token budget', () => {
    const idioms = templates['editor-verus-idioms'].trimEnd();
    for (const idiom of ['`v@`', '`old(x)`', '`let ghost', '`tracked`', 'Loop isolation', '`=~=`', '#[trigger]', 'nonlinear_arith', 'bit_vector', 'decreases']) expect(idioms).toContain(idiom);
    expect(countPromptTokens(idioms)).toBeLessThanOrEqual(VERUS_IDIOMS_TOKEN_BUDGET);
  });

  it('sits in the system prompt between the agent instruction and the tool instruction', () => {
    const { system } = buildEditorPrompt(templates, { requestId: 'r', filePath: 'src/lib.rs', originalSource: '', targets: ['f'], diagnostics: [] }, () => ({ code: '', diagnostics: '' }));
    const idioms = system.indexOf('Verus idioms:');
    expect(idioms).toBeGreaterThan(system.indexOf('Rules for every candidate:'));
    expect(idioms).toBeLessThan(system.indexOf('submit_candidate'));
  });
});
