import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatMessage, ChatRequest, ChatResponse, LanguageModel, ToolChoice } from '../core/language-model.js';
import { isRetryableStatus, parseRetryAfter, type ModelFailure } from './model/classify-model-failure.js';
import { estimateUsage } from './model/estimate-usage.js';
import { ModelRequestError } from './model/model-request-error.js';
import { readChatCompletion, type ReadCompletion } from './model/read-chat-completion.js';
import { retryWithBackoff, SYSTEM_CLOCK, type RetryClock, type RetryPolicy } from './model/retry-with-backoff.js';
import { scrubSecrets } from './model/scrub-secrets.js';
import { createSizeLimitedFetch, ResponseTooLargeError } from './model/size-limited-fetch.js';

/** How to reach one OpenAI-compatible endpoint (OpenAI, Azure OpenAI v1, Ollama, vLLM, llama.cpp). */
export interface OpenAiLanguageModelOptions {
  modelName: string;
  baseUrl: string;
  /** null for local servers without auth; a placeholder is sent because the SDK requires some key. */
  apiKey: string | null;
  requestTimeoutMs: number;
  retryPolicy: RetryPolicy;
  maxResponseBytes: number;
  clock?: RetryClock;
  /** `max_completion_tokens` (OpenAI's current name) or `max_tokens` (what local servers know). */
  maxTokensField?: 'max_completion_tokens' | 'max_tokens';
}

/**
 * The only module that imports the `openai` SDK. The SDK's own retries are disabled (`maxRetries: 0`)
 * so that retryWithBackoff, which retries only 408/409/429/5xx, timeouts and network errors, is the
 * only retry loop. Every error message is scrubbed of the key before it leaves this module.
 */
export class OpenAiLanguageModel implements LanguageModel {
  readonly modelName: string;
  private readonly client: OpenAI;
  private readonly secrets: string[];

  constructor(private readonly options: OpenAiLanguageModelOptions) {
    this.modelName = options.modelName;
    this.secrets = options.apiKey === null ? [] : [options.apiKey];
    this.client = new OpenAI({
      apiKey: options.apiKey ?? 'no-key',
      baseURL: options.baseUrl,
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: options.requestTimeoutMs,
      fetch: createSizeLimitedFetch(options.maxResponseBytes),
    });
  }

  async complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const started = Date.now();
    const body = this.toRequestBody(request);
    const completion = await retryWithBackoff(
      () => this.attempt(body, signal),
      (error) => error instanceof ModelRequestError && error.isRetryable,
      this.options.retryPolicy,
      this.options.clock ?? SYSTEM_CLOCK,
      signal,
    );
    const usage = completion.usage === null ? estimateUsage(request.messages, completion.choices) : { ...completion.usage, estimated: false };
    return { model: completion.model ?? this.modelName, choices: completion.choices, usage, latencyMs: Date.now() - started };
  }

  private async attempt(body: ChatCompletionCreateParamsNonStreaming, signal: AbortSignal | undefined): Promise<ReadCompletion> {
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs);
    const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
    let raw: unknown;
    try {
      raw = await this.client.chat.completions.create(body, { signal: combined });
    } catch (error) {
      throw new ModelRequestError(this.classify(error, signal, timeout));
    }
    const completion = readChatCompletion(raw);
    if (completion === null) {
      throw new ModelRequestError(failure('malformed-response', null, false, `${this.options.baseUrl} answered with JSON that is not a chat completion`));
    }
    // A 200 with `choices: []` (seen from proxies and overloaded local servers) is an endpoint fault
    // like a 5xx: the request was fine and nothing came back. Retrying may help; feeding it back to
    // the model cannot (there is no answer), and treating it as an answer silently burns iterations.
    if (completion.choices.length === 0) {
      throw new ModelRequestError(failure('no-choices', null, true, `model endpoint ${this.options.baseUrl}: the model endpoint returned no choices (HTTP 200 with an empty "choices" array)`));
    }
    return completion;
  }

  private classify(error: unknown, callerSignal: AbortSignal | undefined, timeout: AbortSignal): ModelFailure {
    const where = `model endpoint ${this.options.baseUrl}`;
    if (callerSignal?.aborted === true) return failure('aborted', null, false, `${where}: request cancelled`);
    if (error instanceof OpenAI.APIConnectionTimeoutError || (error instanceof OpenAI.APIUserAbortError && timeout.aborted)) {
      return failure('timeout', null, true, `${where}: no answer within ${this.options.requestTimeoutMs} ms`);
    }
    if (error instanceof OpenAI.APIConnectionError) {
      if (error.cause instanceof ResponseTooLargeError) return failure('response-too-large', null, false, `${where}: ${error.cause.message}`);
      return failure('network', null, true, `${where}: connection failed (${this.scrub(error.message)})`);
    }
    if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
      const retryAfter = parseRetryAfter(error.headers?.get('retry-after'), Date.now());
      return { ...failure('http-status', error.status, isRetryableStatus(error.status), `${where}: HTTP ${error.status}: ${this.scrub(error.message)}`), retryAfterMs: retryAfter };
    }
    return failure('network', null, false, `${where}: ${this.scrub(error instanceof Error ? error.message : String(error))}`);
  }

  private scrub(text: string): string {
    return scrubSecrets(text, this.secrets).slice(0, 2000);
  }

  private toRequestBody(request: ChatRequest): ChatCompletionCreateParamsNonStreaming {
    const maxTokensField = this.options.maxTokensField ?? 'max_completion_tokens';
    return {
      model: this.modelName,
      messages: request.messages.map(toOpenAiMessage),
      ...(request.tools.length > 0
        ? { tools: request.tools.map((tool) => ({ type: 'function' as const, function: { name: tool.name, description: tool.description, parameters: tool.parameters } })) }
        : {}),
      ...(request.toolChoice === null || request.tools.length === 0 ? {} : { tool_choice: toOpenAiToolChoice(request.toolChoice) }),
      n: request.n,
      temperature: request.temperature,
      [maxTokensField]: request.maxOutputTokens,
    };
  }
}

function toOpenAiMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant':
      return message.toolCalls.length === 0
        ? { role: 'assistant', content: message.content ?? '' }
        : {
            role: 'assistant',
            content: message.content,
            tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } })),
          };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

function toOpenAiToolChoice(choice: ToolChoice): ChatCompletionCreateParamsNonStreaming['tool_choice'] {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

function failure(kind: ModelFailure['kind'], status: number | null, isRetryable: boolean, message: string): ModelFailure {
  return { kind, status, isRetryable, retryAfterMs: null, message };
}
