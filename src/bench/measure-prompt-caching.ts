import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { buildFocusedContext } from '../agents/context/build-focused-context.js';
import { createIrCandidateApplier } from '../agents/editor/create-ir-candidate-applier.js';
import { EditorAgent } from '../agents/editor/editor-agent.js';
import { renderVerificationFeedback } from '../agents/feedback/render-verification-feedback.js';
import { computeCost } from '../agents/model/compute-cost.js';
import { MeteredModel } from '../agents/model/metered-model.js';
import { ModelBudget } from '../agents/model/model-budget.js';
import type { PromptTemplates } from '../agents/prompts/prompt-template-names.js';
import { SUBMIT_CANDIDATE_TOOL_NAME } from '../agents/protocol/submit-candidate-tool.js';
import type { FixtureTask } from '../agents/testing/load-fixture-tasks.js';
import { ScriptedLanguageModel } from '../agents/testing/scripted-language-model.js';
import type { ChatRequest } from '../core/language-model.js';
import { parseVerusSource } from '../ir/index.js';
import { mapDiagnosticsToIr } from '../verifier/map-diagnostics-to-ir.js';

export const CACHING_EPISODE_ITERATIONS = 6;

/**
 * Published per-token prices of one provider, in USD per million tokens: OpenAI's gpt-4o
 * (input 2.50, cached input 1.25, output 10.00), as we recall OpenAI's pricing page for the
 * gpt-4o-2024-08-06 snapshot, unchanged through 2025. Recalled, not fetched: check before quoting.
 */
export const GPT_4O_PRICE = { model: 'gpt-4o', source: "OpenAI's published gpt-4o prices as recalled for 2025 (not fetched)", inputPerMillion: 2.5, cachedInputPerMillion: 1.25, outputPerMillion: 10 };

/** Per fixture variant: the share of each call's prompt that is a byte-identical prefix of the previous call's, and the episode's cost. */
export interface CachingEpisode {
  name: string;
  /** Calls 2..6: prefix tokens / prompt tokens. */
  prefixShares: number[];
  costUsd: number;
  costWithoutCacheUsd: number;
}

/**
 * A scripted six-iteration editor episode on one fixture variant: each answer submits the target
 * function again and gets generic feedback with the variant's predicted diagnostics, as a failed
 * candidate would. Prompts are serialized as sent (tools, then messages) and counted with o200k_base;
 * cached tokens follow OpenAI's documented rule (prompts from 1024 tokens, hits in 128-token steps)
 * applied to the prefix shared with the previous call.
 */
export async function measureCachingEpisode(templates: PromptTemplates, fixture: FixtureTask): Promise<CachingEpisode> {
  const ir = await parseVerusSource(fixture.task.originalSource, { file: fixture.task.filePath });
  const target = ir.functions.find((fn) => fn.qualifiedName === fixture.task.targets[0] || fn.name === fixture.task.targets[0]);
  const code = target === undefined ? fixture.task.originalSource : ir.source.sliceBytes(target.span.byteStart, target.span.byteEnd);
  const answer = (iteration: number) => () => [{
    index: 0, text: null, finishReason: 'tool_calls',
    toolCalls: [{ id: `call_${iteration}`, name: SUBMIT_CANDIDATE_TOOL_NAME, arguments: JSON.stringify({ request_id: fixture.task.requestId, candidate: { functions: [{ name: fixture.task.targets[0], code }] }, rationale: `attempt ${iteration}` }) }],
  }];
  const scripted = new ScriptedLanguageModel(GPT_4O_PRICE.model, Array.from({ length: CACHING_EPISODE_ITERATIONS }, (_, index) => answer(index + 1)));
  const metered = new MeteredModel(scripted, new ModelBudget({ maxCalls: 100, maxTokens: 100_000_000, maxCostUsd: null }), {});
  const applier = await createIrCandidateApplier(fixture.task.filePath);
  const editor = new EditorAgent(metered, templates, applier, fixture.task, { temperature: 0.2, maxOutputTokens: 4096, sampling: { samples: 1, sampling: 'n', parallelRequests: 1 } }, (task) => buildFocusedContext(ir, task));
  const feedback = renderVerificationFeedback(templates, 'generic', mapDiagnosticsToIr(fixture.task.diagnostics, new Map([[fixture.task.filePath, ir]])), null);
  for (let iteration = 1; iteration <= CACHING_EPISODE_ITERATIONS; iteration += 1) {
    const proposal = await editor.propose();
    if (proposal.status !== 'proposed' || proposal.outcomes[0] === undefined) throw new Error(`${fixture.crate}/${fixture.variant}: iteration ${iteration} proposed nothing`);
    editor.respond(proposal.outcomes[0], feedback);
  }
  return priceEpisode(`${fixture.crate}/${fixture.variant}`, scripted.requests, answer);
}

function priceEpisode(name: string, requests: readonly ChatRequest[], answer: (iteration: number) => () => Array<{ toolCalls: Array<{ arguments: string }> }>): CachingEpisode {
  const prompts = requests.map((request) => encode(JSON.stringify([request.tools, request.messages])));
  const prefixShares: number[] = [];
  let costUsd = 0;
  let costWithoutCacheUsd = 0;
  const prices = { [GPT_4O_PRICE.model]: GPT_4O_PRICE };
  prompts.forEach((prompt, index) => {
    const shared = index === 0 ? 0 : commonPrefix(prompt, prompts[index - 1]!);
    if (index > 0) prefixShares.push(shared / prompt.length);
    const cached = shared >= 1024 ? Math.floor(shared / 128) * 128 : 0;
    const completionTokens = encode(answer(index + 1)()[0]!.toolCalls[0]!.arguments).length;
    const usage = { promptTokens: prompt.length, completionTokens, estimated: true };
    costUsd += computeCost({ ...usage, cachedPromptTokens: cached }, GPT_4O_PRICE.model, prices) ?? 0;
    costWithoutCacheUsd += computeCost(usage, GPT_4O_PRICE.model, prices) ?? 0;
  });
  return { name, prefixShares, costUsd, costWithoutCacheUsd };
}

function commonPrefix(left: readonly number[], right: readonly number[]): number {
  let index = 0;
  while (index < left.length && index < right.length && left[index] === right[index]) index += 1;
  return index;
}
