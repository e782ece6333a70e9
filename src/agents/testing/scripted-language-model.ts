import type { ChatChoice, ChatRequest, ChatResponse, LanguageModel } from '../../core/language-model.js';

/**
 * A LanguageModel for tests (synthetic): answers from a script, records every request, and fails on
 * any call it was not scripted for.
 */
export class ScriptedLanguageModel implements LanguageModel {
  readonly requests: ChatRequest[] = [];

  constructor(
    readonly modelName: string,
    private readonly script: Array<(request: ChatRequest) => ChatChoice[]>,
  ) {}

  complete(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(request);
    const next = this.script.shift();
    if (next === undefined) return Promise.reject(new Error(`scripted model: unscripted call #${this.requests.length}`));
    const choices = next(request);
    return Promise.resolve({ model: this.modelName, choices, usage: { promptTokens: 10, completionTokens: choices.length, estimated: false }, latencyMs: 0 });
  }
}

export function textChoice(text: string, index = 0): ChatChoice {
  return { index, text, toolCalls: [], finishReason: 'stop' };
}
