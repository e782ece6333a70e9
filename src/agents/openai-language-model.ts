import OpenAI, { AzureOpenAI } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatMessage, ChatRequest, ChatResponse, LanguageModel, ToolChoice } from '../core/language-model.js';
import { isRetryableStatus, parseRetryAfter, type ModelFailure } from './model/classify-model-failure.js';
import { estimateUsage } from './model/estimate-usage.js';
import { ModelRequestError } from './model/model-request-error.js';
import { readChatCompletion, type ReadCompletion } from './model/read-chat-completion.js';
import { retryWithBackoff, SYSTEM_CLOCK, type RetryClock, type RetryPolicy } from './model/retry-with-backoff.js';
import { scrubSecrets } from './model/scrub-secrets.js';
import { createEndpointFetch, UnreachableEndpointError } from './model/create-endpoint-fetch.js';
import { formatSeconds } from './model/format-seconds.js';
import { createSizeLimitedFetch, ResponseTooLargeError } from './model/size-limited-fetch.js';
import { checkRequestCounts } from './model/check-request-counts.js';

/** How to reach one OpenAI-compatible endpoint (OpenAI, Azure OpenAI v1, Ollama, vLLM, llama.cpp). */
export interface OpenAiLanguageModelOptions {
  modelName: string;
  baseUrl: string;
  /** null for local servers without auth; a placeholder is sent because the SDK requires some key. */
  apiKey: string | null;
  /** Read timeout of one attempt: from sending the request to the whole answer. */
  requestTimeoutMs: number;
  /** TCP and TLS set-up of a connection, apart from the read timeout. */
  connectTimeoutMs: number;
  /** The whole call: every attempt and every wait between them. */
  callDeadlineMs: number;
  /** The longest `retry-after` waited for; a longer one fails the call at once, saying so. */
  maxRetryAfterMs: number;
  retryPolicy: RetryPolicy;
  maxResponseBytes: number;
  clock?: RetryClock;
  /** `max_completion_tokens` (OpenAI's current name) or `max_tokens` (what local servers know); a request's own field wins. */
  maxTokensField?: 'max_completion_tokens' | 'max_tokens';
  /** Azure's deployments API (`api-key` header, `api-version` query) instead of plain chat completions. */
  azureApiVersion?: string | null;
  /** Sent with every request (`[model] extra_headers`, `extra_query`); never credentials. */
  extraHeaders?: Record<string, string>;
  extraQuery?: Record<string, string>;
}

/**
 * The only module that imports the `openai` SDK. The SDK's own retries are disabled (`maxRetries: 0`)
 * so that retryWithBackoff, which retries only 408/409/429/5xx, timeouts and network errors, is the
 * only retry loop. Time is bounded three ways: a connect timeout, a read timeout per attempt, and a
 * deadline for the whole call; a `retry-after` beyond the cap or the deadline fails at once. Every
 * error message is scrubbed of the key before it leaves this module.
 */
export class OpenAiLanguageModel implements LanguageModel {
  readonly modelName: string;
  private readonly client: OpenAI;
  private readonly secrets: string[];

  constructor(private readonly options: OpenAiLanguageModelOptions) {
    this.modelName = options.modelName;
    this.secrets = options.apiKey === null ? [] : [options.apiKey];
    const common = {
      apiKey: options.apiKey ?? 'no-key',
      baseURL: options.baseUrl,
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: options.requestTimeoutMs,
      fetch: createSizeLimitedFetch(options.maxResponseBytes, createEndpointFetch(options.connectTimeoutMs)),
      defaultHeaders: options.extraHeaders ?? {},
      defaultQuery: options.extraQuery ?? {},
    };
    // The SDK's Azure client builds the deployment URL from the model name and sends the key as `api-key`.
    const azureApiVersion = options.azureApiVersion ?? null;
    this.client = azureApiVersion === null ? new OpenAI(common) : new AzureOpenAI({ ...common, apiVersion: azureApiVersion });
  }

  async complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    checkRequestCounts(request);
    const started = Date.now();
    const body = this.toRequestBody(request);
    const clock = this.options.clock ?? SYSTEM_CLOCK;
    const now = (): number => clock.now?.() ?? Date.now();
    const deadline = now() + this.options.callDeadlineMs;
    const remainingMs = (): number => deadline - now();
    const completion = await retryWithBackoff(
      (attempt) => this.attempt(body, signal, remainingMs(), attempt + 1),
      (error) => error instanceof ModelRequestError && error.isRetryable,
      this.options.retryPolicy,
      clock,
      signal,
      { remainingMs, exceeded: (error, attempts) => this.deadlineExceeded(error, attempts) },
    );
    const usage = completion.usage === null ? estimateUsage(request.messages, completion.choices) : { ...withoutAbsentCache(completion.usage), estimated: false };
    return { model: completion.model ?? this.modelName, choices: completion.choices, usage, latencyMs: Date.now() - started };
  }

  private async attempt(body: ChatCompletionCreateParamsNonStreaming, signal: AbortSignal | undefined, remainingMs: number, attempt: number): Promise<ReadCompletion> {
    // The deadline shortens the last attempt; a timeout it causes ends the call.
    const cutByDeadline = remainingMs < this.options.requestTimeoutMs;
    const timeout = AbortSignal.timeout(Math.max(1, Math.min(this.options.requestTimeoutMs, remainingMs)));
    const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
    let raw: unknown;
    try {
      raw = await this.client.chat.completions.create(body, { signal: combined });
    } catch (error) {
      const failed = this.classify(error, signal, timeout, remainingMs);
      if (failed.kind === 'timeout' && cutByDeadline && timeout.aborted) {
        throw new ModelRequestError({ ...failed, isRetryable: false, message: `${this.where()}: no answer within the call deadline of ${formatSeconds(this.options.callDeadlineMs)} s (model.call_deadline_seconds) after ${attempt} attempt${attempt === 1 ? '' : 's'}` });
      }
      throw new ModelRequestError(failed);
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

  private classify(error: unknown, callerSignal: AbortSignal | undefined, timeout: AbortSignal, remainingMs: number): ModelFailure {
    const where = this.where();
    if (callerSignal?.aborted === true) return failure('aborted', null, false, `${where}: request cancelled`);
    if (error instanceof OpenAI.APIConnectionTimeoutError || (error instanceof OpenAI.APIUserAbortError && timeout.aborted)) {
      return failure('timeout', null, true, `${where}: no answer within ${formatSeconds(this.options.requestTimeoutMs)} s (model.request_timeout_seconds)`);
    }
    if (error instanceof OpenAI.APIConnectionError) {
      if (error.cause instanceof ResponseTooLargeError) return failure('response-too-large', null, false, `${where}: ${error.cause.message}`);
      if (error.cause instanceof UnreachableEndpointError) {
        return failure('timeout', null, true, `${where}: could not connect within ${formatSeconds(this.options.connectTimeoutMs)} s (model.connect_timeout_seconds)`);
      }
      return failure('network', null, true, `${where}: connection failed (${this.scrub(error.message)})`);
    }
    if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
      const retryAfter = parseRetryAfter(error.headers?.get('retry-after'), Date.now());
      const http = `${where}: HTTP ${error.status}`;
      const refusal = isRetryableStatus(error.status) && retryAfter !== null ? this.refuseRetryAfter(retryAfter, remainingMs) : null;
      if (refusal !== null) return { ...failure('http-status', error.status, false, `${http}: ${refusal}; ${this.scrub(error.message)}`), retryAfterMs: retryAfter };
      return { ...failure('http-status', error.status, isRetryableStatus(error.status), `${http}: ${this.scrub(error.message)}`), retryAfterMs: retryAfter, ...readEndpointError(error, (text) => this.scrub(text)) };
    }
    return failure('network', null, false, `${where}: ${this.scrub(error instanceof Error ? error.message : String(error))}`);
  }

  /** Why a server's `retry-after` is not waited for, or null when it is acceptable. */
  private refuseRetryAfter(retryAfterMs: number, remainingMs: number): string | null {
    const asked = `the endpoint asked to retry after ${formatSeconds(retryAfterMs)} s`;
    if (retryAfterMs > this.options.maxRetryAfterMs) return `${asked}, more than the cap of ${formatSeconds(this.options.maxRetryAfterMs)} s (model.max_retry_after_seconds)`;
    if (retryAfterMs >= remainingMs) {
      return `${asked}, more than the ${formatSeconds(Math.max(0, remainingMs))} s left before the call deadline of ${formatSeconds(this.options.callDeadlineMs)} s (model.call_deadline_seconds)`;
    }
    return null;
  }

  /** The last failure, no longer retryable, saying that the deadline leaves no time for another attempt. */
  private deadlineExceeded(error: unknown, attempts: number): unknown {
    if (!(error instanceof ModelRequestError)) return error;
    const message = `${error.failure.message}; gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}: the next would start after the call deadline of ${formatSeconds(this.options.callDeadlineMs)} s (model.call_deadline_seconds)`;
    return new ModelRequestError({ ...error.failure, isRetryable: false, message });
  }

  private where(): string {
    return `model endpoint ${this.options.baseUrl}`;
  }

  private scrub(text: string): string {
    return scrubSecrets(text, this.secrets).slice(0, 2000);
  }

  /** Only what the request sets: no `n` for one choice, no `temperature` when null (the endpoint's default). */
  private toRequestBody(request: ChatRequest): ChatCompletionCreateParamsNonStreaming {
    const maxTokensField = request.maxTokensField ?? this.options.maxTokensField ?? 'max_completion_tokens';
    return {
      model: this.modelName,
      messages: request.messages.map(toOpenAiMessage),
      ...(request.tools.length > 0
        ? { tools: request.tools.map((tool) => ({ type: 'function' as const, function: { name: tool.name, description: tool.description, parameters: tool.parameters } })) }
        : {}),
      ...(request.toolChoice === null || request.tools.length === 0 ? {} : { tool_choice: toOpenAiToolChoice(request.toolChoice) }),
      ...(request.n === 1 ? {} : { n: request.n }),
      ...(request.temperature === null ? {} : { temperature: request.temperature }),
      ...(request.reasoningEffort === undefined ? {} : { reasoning_effort: request.reasoningEffort as ChatCompletionCreateParamsNonStreaming['reasoning_effort'] }),
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

/** The error object's `type`/`code`/`param` (OpenAI's shape), which name a refused parameter exactly. */
function readEndpointError(error: InstanceType<typeof OpenAI.APIError>, scrub: (text: string) => string): Pick<ModelFailure, 'endpointError'> | Record<string, never> {
  const text = (value: unknown): string | null => (typeof value === 'string' ? scrub(value.slice(0, 200)) : typeof value === 'number' ? String(value) : null);
  const endpointError = { type: text(error.type), code: text(error.code), param: text(error.param) };
  return endpointError.type === null && endpointError.code === null && endpointError.param === null ? {} : { endpointError };
}

function withoutAbsentCache(usage: NonNullable<ReadCompletion['usage']>): Omit<ChatResponse['usage'], 'estimated'> {
  return usage.cachedPromptTokens === null ? { promptTokens: usage.promptTokens, completionTokens: usage.completionTokens } : { promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, cachedPromptTokens: usage.cachedPromptTokens };
}

function failure(kind: ModelFailure['kind'], status: number | null, isRetryable: boolean, message: string): ModelFailure {
  return { kind, status, isRetryable, retryAfterMs: null, message };
}
