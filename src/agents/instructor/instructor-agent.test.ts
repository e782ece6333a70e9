import { describe, expect, it } from 'vitest';
import { MeteredModel } from '../model/metered-model.js';
import { ModelBudget } from '../model/model-budget.js';
import { loadPromptTemplates } from '../prompts/load-prompt-templates.js';
import { makeDiagnostic } from '../testing/make-diagnostic.js';
import { ScriptedLanguageModel, textChoice } from '../testing/scripted-language-model.js';
import { InstructorAgent } from './instructor-agent.js';

const templates = loadPromptTemplates();
const diagnostics = [makeDiagnostic({ expansion: 'r >= a && r >= b\n  r >= a ✔\n  r >= b ✘\n' })];

describe('InstructorAgent', () => {
  it('starts a fresh conversation each time, with the report, the expand-errors tree and the candidate', async () => {
    const model = new ScriptedLanguageModel('m', [() => [textChoice('Return b when a <= b. Keep the ensures.')], () => [textChoice('Second advice.')]]);
    const instructor = new InstructorAgent(new MeteredModel(model, new ModelBudget({ maxCalls: 5, maxTokens: 10_000, maxCostUsd: null }), {}), templates, { temperature: 0.2, maxOutputTokens: 200 });
    const first = await instructor.advise(diagnostics, 'fn max_of() {}');
    const second = await instructor.advise(diagnostics, 'fn max_of() { b }');
    expect(first).toMatchObject({ status: 'advice', advice: { text: 'Return b when a <= b. Keep the ensures.', evidence: false, truncated: false } });
    expect(second.status === 'advice' && second.advice.text).toBe('Second advice.');
    expect(model.requests.map((request) => request.messages.length)).toEqual([2, 2]);
    const user = model.requests[1]!.messages[1]!;
    expect(user.role === 'user' && user.content).toContain('- postcondition: postcondition not satisfied, in fn max_of, line 5');
    expect(user.role === 'user' && user.content).toContain('Failing sub-assertion tree (--expand-errors');
    expect(user.role === 'user' && user.content).toContain('  r >= b ✘');
    expect(user.role === 'user' && user.content).toContain('fn max_of() { b }');
    expect(model.requests[0]!.tools).toEqual([]);
  });

  it('reports no advice for an empty answer and passes budget exhaustion through', async () => {
    const model = new ScriptedLanguageModel('m', [() => [textChoice('   ')]]);
    const instructor = new InstructorAgent(new MeteredModel(model, new ModelBudget({ maxCalls: 1, maxTokens: 10_000, maxCostUsd: null }), {}), templates, { temperature: 0.2, maxOutputTokens: 200 });
    expect((await instructor.advise([], 'x')).status).toBe('no-advice');
    expect(await instructor.advise([], 'x')).toMatchObject({ status: 'budget-exhausted', exhausted: { limit: 'calls' } });
  });

  it('strips terminal escapes and control characters from the advice where it enters the run', async () => {
    const model = new ScriptedLanguageModel('m', [() => [textChoice('\x1b]0;pwned\x07\x1b[2JReturn b\r when a <= b.\x1b[0m Keep it.')]]);
    const instructor = new InstructorAgent(new MeteredModel(model, new ModelBudget({ maxCalls: 1, maxTokens: 10_000, maxCostUsd: null }), {}), templates, { temperature: 0.2, maxOutputTokens: 200 });
    const outcome = await instructor.advise(diagnostics, 'x');
    expect(outcome).toMatchObject({ status: 'advice', advice: { text: 'Return b when a <= b. Keep it.' } });
  });
});
