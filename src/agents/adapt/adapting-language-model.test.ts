import { describe, expect, it } from 'vitest';
import type { ChatRequest, ChatResponse, LanguageModel } from '../../core/language-model.js';
import type { ModelFailure } from '../model/classify-model-failure.js';
import { ModelRequestError } from '../model/model-request-error.js';
import { textChoice } from '../testing/scripted-language-model.js';
import { AdaptingLanguageModel } from './adapting-language-model.js';
import type { ModelAdaptedEvent } from './model-adaptation.js';
import { ModelAdaptations } from './model-adaptations.js';

const request: ChatRequest = { messages: [{ role: 'user', content: 'x' }], tools: [{ name: 'submit_candidate', description: 'd', parameters: {} }], toolChoice: { name: 'submit_candidate' }, n: 1, temperature: 0.2, maxOutputTokens: 64 };

/** An endpoint that refuses what `refuse` names (an OpenAI error object) and answers everything else; records what it was sent. */
function endpoint(refuse: (sent: ChatRequest, field: string) => Partial<NonNullable<ModelFailure['endpointError']>> & { message: string } | null) {
  const sent: ChatRequest[] = [];
  const model: LanguageModel = {
    modelName: 'm',
    complete: (received) => {
      sent.push(received);
      const refusal = refuse(received, received.maxTokensField ?? 'max_tokens');
      if (refusal === null) return Promise.resolve<ChatResponse>({ model: 'm', choices: [textChoice('ok')], usage: { promptTokens: 1, completionTokens: 1, estimated: false }, latencyMs: 0 });
      const endpointError = { type: 'invalid_request_error', code: refusal.code ?? null, param: refusal.param ?? null };
      return Promise.reject(new ModelRequestError({ kind: 'http-status', status: 400, isRetryable: false, retryAfterMs: null, message: `model endpoint http://h/v1: HTTP 400: 400 ${refusal.message}`, endpointError }));
    },
  };
  return { model, sent };
}

/** A reasoning model as OpenAI documents it: default temperature only, max_completion_tokens only. */
const reasoningModel = (sent: ChatRequest, field: string) =>
  sent.temperature !== null ? { param: 'temperature', code: 'unsupported_value', message: "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported." }
  : field === 'max_tokens' ? { param: 'max_tokens', code: 'unsupported_parameter', message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead." }
  : null;

describe('AdaptingLanguageModel', () => {
  it('adapts each refused parameter once, retries, remembers it for the run and announces it once', async () => {
    const events: ModelAdaptedEvent[] = [];
    const { model: inner, sent } = endpoint(reasoningModel);
    const model = new AdaptingLanguageModel(inner, new ModelAdaptations((event) => events.push(event)), 'max_tokens');
    expect((await model.complete(request)).choices[0]!.text).toBe('ok');
    expect(sent.map((received) => [received.temperature, received.maxTokensField ?? 'max_tokens'])).toEqual([[0.2, 'max_tokens'], [null, 'max_tokens'], [null, 'max_completion_tokens']]);
    await model.complete(request);
    expect(sent).toHaveLength(4);
    expect(sent[3]).toMatchObject({ temperature: null, maxTokensField: 'max_completion_tokens' });
    expect(events).toEqual([
      { type: 'model-adapted', parameter: 'temperature', change: 'no temperature is sent (the endpoint uses its default)', reason: expect.stringContaining("'temperature' does not support 0.2") },
      { type: 'model-adapted', parameter: 'max_tokens', change: 'the output limit is sent as max_completion_tokens', reason: expect.stringContaining('Use \'max_completion_tokens\' instead') },
    ]);
  });

  it('never loops: a parameter refused again after its adaptation ends the call with the refusal', async () => {
    const { model: inner, sent } = endpoint((received) => (received.toolChoice !== null ? { message: 'Invalid tool_choice: this server does not support tool_choice' } : null));
    const adaptations = new ModelAdaptations();
    const model = new AdaptingLanguageModel(inner, adaptations, 'max_tokens');
    const error = (await model.complete(request).catch((caught: unknown) => caught)) as ModelRequestError;
    expect(error).toBeInstanceOf(ModelRequestError);
    expect(sent.map((received) => received.toolChoice)).toEqual([{ name: 'submit_candidate' }, 'required']);
    expect(adaptations.list().map((adaptation) => adaptation.parameter)).toEqual(['tool_choice']);
    await expect(model.complete(request)).rejects.toThrow('Invalid tool_choice');
    expect(sent).toHaveLength(3);
  });

  it('steps tool_choice down once, from the named function to "required", and leaves requests without tools alone', async () => {
    const { model: inner, sent } = endpoint((received) => (typeof received.toolChoice === 'object' && received.toolChoice !== null ? { message: 'tool_choice as an object is not supported; use "auto", "none" or "required"' } : null));
    const model = new AdaptingLanguageModel(inner, new ModelAdaptations(), 'max_tokens');
    await model.complete(request);
    await model.complete({ ...request, tools: [], toolChoice: null });
    expect(sent.map((received) => received.toolChoice)).toEqual([{ name: 'submit_candidate' }, 'required', null]);
  });

  it('passes other failures through untouched, without retrying', async () => {
    const { model: inner, sent } = endpoint(() => ({ message: "This model's maximum context length is 8192 tokens; reduce the length of the messages" }));
    await expect(new AdaptingLanguageModel(inner, new ModelAdaptations(), 'max_tokens').complete(request)).rejects.toThrow('maximum context length');
    expect(sent).toHaveLength(1);
  });

  it('retries a concurrent call refused for a parameter another call has adapted meanwhile, announcing once', async () => {
    const events: ModelAdaptedEvent[] = [];
    const { model: inner, sent } = endpoint((received) => (received.temperature !== null ? { param: 'temperature', message: 'Unsupported value: temperature' } : null));
    const model = new AdaptingLanguageModel(inner, new ModelAdaptations((event) => events.push(event)), 'max_tokens');
    await Promise.all([model.complete(request), model.complete(request), model.complete(request)]);
    expect(sent.filter((received) => received.temperature === null)).toHaveLength(3);
    expect(sent).toHaveLength(6);
    expect(events).toHaveLength(1);
  });
});
