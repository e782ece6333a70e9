import type { ChatRequest } from '../../core/language-model.js';
import type { ModelFailure } from '../model/classify-model-failure.js';
import type { AdaptedParameter } from './model-adaptation.js';

/** How each parameter is named in endpoints' error messages when they carry no `param` field. */
const MENTIONS: Record<AdaptedParameter, RegExp> = {
  temperature: /\btemperature\b/i,
  reasoning_effort: /\breasoning[_. ]effort\b/i,
  tool_choice: /\btool[_ ]choice\b/i,
  max_tokens: /\bmax_tokens\b/,
  max_completion_tokens: /\bmax_completion_tokens\b/,
  n: /['"`]n['"`]|\bn\s*(?:[:=>]|must\b|should\b|is not\b|can only\b|parameter\b)|\bparameter\s+['"`]?n\b|\bcompletion choices?\b|\bnumber of choices\b|\bmultiple choices\b/i,
};

/** A message that refuses something, as opposed to one that merely quotes the request. */
const REFUSAL = /unsupported|not supported|does not support|unrecognized|unknown|invalid|not allowed|only .{0,40}(?:allowed|supported)|must be|not permitted|extra inputs|not available/i;

/** Too long a prompt names max_tokens too, but no other field name fixes it. */
const CONTEXT_LENGTH = /context length|context window|maximum context|too many tokens|prompt is too long|reduce the length/i;

/**
 * The one parameter a 400 (or 422) refused, among those the request sent, or null when the failure
 * names none of them. OpenAI's error object says it exactly (`param`); other servers only in words.
 */
export function findRefusedParameter(failure: ModelFailure, sent: ChatRequest, maxTokensField: 'max_completion_tokens' | 'max_tokens'): AdaptedParameter | null {
  if (failure.kind !== 'http-status' || (failure.status !== 400 && failure.status !== 422)) return null;
  const candidates = sentParameters(sent, maxTokensField);
  const named = failure.endpointError?.param?.split(/[.[]/)[0];
  const exact = candidates.find((parameter) => parameter === named);
  if (exact !== undefined) return exact;
  const message = failure.message;
  if (!REFUSAL.test(message) || CONTEXT_LENGTH.test(message)) return null;
  let earliest: { parameter: AdaptedParameter; index: number } | null = null;
  for (const parameter of candidates) {
    const index = message.search(MENTIONS[parameter]);
    if (index >= 0 && (earliest === null || index < earliest.index)) earliest = { parameter, index };
  }
  return earliest?.parameter ?? null;
}

/** The adaptable parameters this request put in its body. */
function sentParameters(sent: ChatRequest, maxTokensField: 'max_completion_tokens' | 'max_tokens'): AdaptedParameter[] {
  return [
    ...(sent.temperature === null ? [] : (['temperature'] as const)),
    ...(sent.reasoningEffort === undefined ? [] : (['reasoning_effort'] as const)),
    ...(sent.toolChoice === null || sent.tools.length === 0 ? [] : (['tool_choice'] as const)),
    ...(sent.n > 1 ? (['n'] as const) : []),
    sent.maxTokensField ?? maxTokensField,
  ];
}
