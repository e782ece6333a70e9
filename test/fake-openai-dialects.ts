import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { FakeDialect, FakeReply, RecordedRequest } from './fake-openai-server.js';

/*
 * Provider dialects for the fake OpenAI-compatible server (synthetic: no provider was contacted).
 * Each is written from that provider's public API documentation as we remember it, not fetched
 * while writing; where the exact error wording is not documented the text is our approximation,
 * and the fields the client relies on (status, OpenAI's `type`/`code`/`param`) are what matters.
 */

const CHAT = (pathname: string): boolean => pathname === '/v1/chat/completions';

const refusal = (status: number, error: Record<string, unknown>): FakeReply => ({ kind: 'status', status, body: { error } });

/**
 * OpenAI's reasoning models (gpt-5, o-series): only the default temperature (1), `max_completion_tokens`
 * instead of `max_tokens`, and `reasoning_effort` from the model's own set (o3 has low/medium/high; "minimal"
 * came with gpt-5). Errors are `invalid_request_error` with `code` `unsupported_value` / `unsupported_parameter`
 * and `param` naming the field, as OpenAI's API reference and its reasoning guide show them.
 */
export function openAiReasoningDialect(efforts: readonly string[] = ['low', 'medium', 'high']): FakeDialect {
  return {
    name: 'openai-reasoning',
    servesPath: CHAT,
    check: (request) => {
      const body = request.body;
      if (body['temperature'] !== undefined && body['temperature'] !== 1) {
        return refusal(400, { message: `Unsupported value: 'temperature' does not support ${String(body['temperature'])} with this model. Only the default (1) value is supported.`, type: 'invalid_request_error', param: 'temperature', code: 'unsupported_value' });
      }
      if (body['max_tokens'] !== undefined) {
        return refusal(400, { message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", type: 'invalid_request_error', param: 'max_tokens', code: 'unsupported_parameter' });
      }
      const effort = body['reasoning_effort'];
      if (typeof effort === 'string' && !efforts.includes(effort)) {
        return refusal(400, { message: `Unsupported value: 'reasoning_effort' does not support '${effort}' with this model. Supported values are: ${efforts.map((value) => `'${value}'`).join(', ')}.`, type: 'invalid_request_error', param: 'reasoning_effort', code: 'unsupported_value' });
      }
      return null;
    },
  };
}

/** Ollama's OpenAI compatibility: `n` is not among the supported fields, and one choice comes back whatever it says. */
export const ollamaSingleChoiceDialect: FakeDialect = {
  name: 'ollama-single-choice',
  servesPath: CHAT,
  shape: (reply) => ({ ...reply, choices: reply.choices.slice(0, 1) }),
};

/**
 * llama.cpp's server (`llama-server`): more than one choice is refused with a 400 in OpenAI's error shape
 * ("Only one completion choice is allowed", as its server code words it as far as we recall), and its
 * tool calling takes `tool_choice` as "auto", "none" or "required" only, not the object naming a function.
 */
export const llamaCppDialect: FakeDialect = {
  name: 'llama-cpp',
  servesPath: CHAT,
  check: (request) => {
    const n = request.body['n'];
    if (typeof n === 'number' && n > 1) return refusal(400, { code: 400, message: 'Only one completion choice is allowed', type: 'invalid_request_error' });
    const toolChoice = request.body['tool_choice'];
    if (typeof toolChoice === 'object' && toolChoice !== null) return refusal(400, { code: 400, message: 'Invalid tool_choice: only "auto", "none" and "required" are supported', type: 'invalid_request_error' });
    return null;
  },
};

/**
 * Azure OpenAI's deployments API: `POST /openai/deployments/<deployment>/chat/completions?api-version=…`
 * with the key in an `api-key` header. Without api-version it answers 404 (Resource not found); with a
 * wrong key 401 ("Access denied due to invalid subscription key or wrong API endpoint").
 */
export function azureDialect(deployment: string, apiKey: string, apiVersion = '2024-10-21'): FakeDialect {
  const path = `/openai/deployments/${deployment}/chat/completions`;
  return {
    name: 'azure',
    servesPath: (pathname) => pathname === path,
    check: (request) => {
      if (request.query['api-version'] !== apiVersion) return refusal(404, { code: '404', message: 'Resource not found' });
      if (request.headers['api-key'] !== apiKey) return refusal(401, { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.' });
      return null;
    },
  };
}

/**
 * OpenAI's automatic prompt caching, as its prompt-caching guide describes it: prompts of 1024 tokens
 * or more are cached by exact prefix, hits come in 128-token steps, and usage reports them as
 * `prompt_tokens_details.cached_tokens`. Prompt tokens are counted here (o200k_base over the tools and
 * messages as sent); the completion tokens are the script's.
 */
export const openAiPromptCachingDialect: FakeDialect = {
  name: 'openai-prompt-caching',
  servesPath: CHAT,
  shape: (reply, request, earlier) => {
    const tokens = promptTokens(request);
    const longest = Math.max(0, ...earlier.filter((previous) => CHAT(previous.pathname)).map((previous) => commonPrefix(tokens, promptTokens(previous))));
    const cached = longest >= 1024 ? Math.floor(longest / 128) * 128 : 0;
    return { ...reply, usage: { prompt_tokens: tokens.length, completion_tokens: reply.usage?.completion_tokens ?? 20, prompt_tokens_details: { cached_tokens: cached } } };
  },
};

function promptTokens(request: RecordedRequest): number[] {
  return encode(JSON.stringify([request.body['tools'] ?? null, request.body['messages'] ?? []]));
}

function commonPrefix(left: readonly number[], right: readonly number[]): number {
  let index = 0;
  while (index < left.length && index < right.length && left[index] === right[index]) index += 1;
  return index;
}
