import { z } from 'zod';
import type { ChatChoice, ToolCall } from '../../core/language-model.js';

const toolCallSchema = z.object({
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.object({ name: z.string(), arguments: z.string().nullish() }).nullish(),
});

const completionSchema = z.object({
  model: z.string().nullish(),
  choices: z.array(
    z.object({
      index: z.number().int().nullish(),
      finish_reason: z.string().nullish(),
      message: z.object({ content: z.string().nullish(), tool_calls: z.array(toolCallSchema).nullish() }),
    }),
  ),
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative(),
      completion_tokens: z.number().int().nonnegative(),
      // A malformed details object must not cost the whole answer: it is read as "no cache reported".
      prompt_tokens_details: z.object({ cached_tokens: z.number().int().nonnegative().nullish() }).nullish().catch(null),
    })
    .nullish(),
});

/** A chat completion reduced to what we use; `usage` is null when the endpoint reported none. */
export interface ReadCompletion {
  model: string | null;
  choices: ChatChoice[];
  /** `cachedPromptTokens`: `usage.prompt_tokens_details.cached_tokens` (at most `promptTokens`), null when absent. */
  usage: { promptTokens: number; completionTokens: number; cachedPromptTokens: number | null } | null;
}

/**
 * Validates an endpoint's JSON defensively (endpoints differ and may be buggy): returns null when the
 * shape is unusable. Non-function tool calls are dropped; a missing call id gets a stable one.
 */
export function readChatCompletion(raw: unknown): ReadCompletion | null {
  const parsed = completionSchema.safeParse(raw);
  if (!parsed.success) return null;
  const choices = parsed.data.choices.map((choice, position): ChatChoice => {
    const index = choice.index ?? position;
    const toolCalls: ToolCall[] = (choice.message.tool_calls ?? [])
      .filter((call) => (call.type ?? 'function') === 'function' && call.function)
      .map((call, callIndex) => ({
        id: call.id ?? `call_${index}_${callIndex}`,
        name: call.function?.name ?? '',
        arguments: call.function?.arguments ?? '',
      }));
    return { index, text: choice.message.content ?? null, toolCalls, finishReason: choice.finish_reason ?? null };
  });
  const reported = parsed.data.usage;
  const cached = reported?.prompt_tokens_details?.cached_tokens ?? null;
  const usage = reported ? { promptTokens: reported.prompt_tokens, completionTokens: reported.completion_tokens, cachedPromptTokens: cached === null ? null : Math.min(cached, reported.prompt_tokens) } : null;
  return { model: parsed.data.model ?? null, choices, usage };
}
