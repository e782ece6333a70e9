/**
 * The port every language-model client implements (the OpenAI-compatible HTTP adapter, the cassette
 * replayer, scripted test models). Everything here is plain data so that a request can be hashed,
 * recorded and replayed byte for byte. Model output is untrusted text: nothing in these types is
 * ever executed.
 */

/** One tool call the model asked for. `arguments` is the raw JSON text the model wrote, unvalidated. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** One message of a chat conversation, in the OpenAI chat-completions shape, camel-cased. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** A function tool offered to the model; `parameters` is a JSON Schema object. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** Whether the model may, must, or must not call a tool; `{ name }` forces one specific tool. */
export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** Everything that determines a model's answer, apart from the model name the client is bound to. */
export interface ChatRequest {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  toolChoice: ToolChoice | null;
  /** How many alternative answers (choices) to sample in this one call. */
  n: number;
  /** null sends no temperature: the endpoint's default (the only value reasoning models accept). */
  temperature: number | null;
  maxOutputTokens: number;
  /** Sent as `reasoning_effort` when present (reasoning models). */
  reasoningEffort?: string;
  /**
   * The body field that carries `maxOutputTokens`, when it differs from the client's default (an
   * adaptation to an endpoint that refused the other one). Absent members leave recorded digests as they were.
   */
  maxTokensField?: 'max_completion_tokens' | 'max_tokens';
}

/** Token counts for one call. `estimated` is true when the endpoint reported none and we counted locally. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  estimated: boolean;
  /** Of `promptTokens`, those the provider served from its prompt cache; absent when it reported none. */
  cachedPromptTokens?: number;
}

/** One sampled answer: free text, tool calls, or both. */
export interface ChatChoice {
  index: number;
  text: string | null;
  toolCalls: ToolCall[];
  /** `stop`, `length`, `tool_calls`, ... as the endpoint reported it; null when absent. */
  finishReason: string | null;
}

/** A model's answer to one ChatRequest. */
export interface ChatResponse {
  /** The model name the endpoint reported (may differ from the requested alias). */
  model: string;
  choices: ChatChoice[];
  usage: TokenUsage;
  /** Wall-clock time of the call including retries, in milliseconds (recorded, never asserted on). */
  latencyMs: number;
}

/**
 * A chat-completions client bound to one model. Implementations retry transient failures themselves
 * and throw AdapterError (with `isRetryable`) when they give up; they never throw for a merely
 * unhelpful answer, which is the caller's business.
 */
export interface LanguageModel {
  /** The model name sent with every request; part of each recorded request. */
  readonly modelName: string;
  complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse>;
}
