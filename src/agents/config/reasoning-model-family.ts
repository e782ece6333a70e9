/**
 * OpenAI's reasoning families (gpt-5*, o1*, o3*, o4*), also behind a gateway prefix such as
 * `openai/gpt-5` (OpenRouter). They accept only the default temperature, want
 * `max_completion_tokens` instead of `max_tokens`, and take `reasoning_effort`.
 */
const REASONING_FAMILY = /^(?:[\w.-]+\/)?(?:gpt-5|o1|o3|o4)(?:$|[-._:])/i;

export function isReasoningModel(name: string): boolean {
  return REASONING_FAMILY.test(name);
}
