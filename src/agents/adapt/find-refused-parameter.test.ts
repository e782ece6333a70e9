import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../core/language-model.js';
import type { ModelFailure } from '../model/classify-model-failure.js';
import { findRefusedParameter } from './find-refused-parameter.js';

const sent: ChatRequest = {
  messages: [{ role: 'user', content: 'x' }], tools: [{ name: 'submit_candidate', description: 'd', parameters: {} }], toolChoice: { name: 'submit_candidate' },
  n: 3, temperature: 0.2, maxOutputTokens: 64, reasoningEffort: 'minimal',
};
const refusal = (message: string, status = 400, endpointError?: ModelFailure['endpointError']): ModelFailure => ({
  kind: 'http-status', status, isRetryable: false, retryAfterMs: null, message: `model endpoint http://h/v1: HTTP ${status}: ${status} ${message}`, ...(endpointError === undefined ? {} : { endpointError }),
});

// Error texts as the providers' documentation and user reports show them (recalled, not fetched; wording may differ).
describe('findRefusedParameter', () => {
  it('takes the parameter from OpenAI\'s error object', () => {
    expect(findRefusedParameter(refusal('Unsupported value: ...', 400, { type: 'invalid_request_error', code: 'unsupported_value', param: 'temperature' }), sent, 'max_tokens')).toBe('temperature');
    expect(findRefusedParameter(refusal("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 400, { type: 'invalid_request_error', code: 'unsupported_parameter', param: 'max_tokens' }), sent, 'max_tokens')).toBe('max_tokens');
    expect(findRefusedParameter(refusal('x', 400, { type: null, code: null, param: 'tool_choice.function' }), sent, 'max_tokens')).toBe('tool_choice');
  });

  it('reads other servers\' messages, choosing the first parameter named that the request sent', () => {
    expect(findRefusedParameter(refusal('Only one completion choice is allowed'), sent, 'max_tokens')).toBe('n');
    expect(findRefusedParameter(refusal('n: must be exactly 1'), sent, 'max_tokens')).toBe('n');
    expect(findRefusedParameter(refusal('Invalid tool_choice: only "auto", "none" and "required" are supported'), sent, 'max_tokens')).toBe('tool_choice');
    expect(findRefusedParameter(refusal("Unrecognized request argument supplied: max_completion_tokens"), { ...sent, maxTokensField: 'max_completion_tokens' }, 'max_tokens')).toBe('max_completion_tokens');
    expect(findRefusedParameter(refusal("reasoning_effort 'minimal' is not supported by this model"), sent, 'max_tokens')).toBe('reasoning_effort');
    expect(findRefusedParameter(refusal('[{"loc":["body","temperature"],"msg":"Extra inputs are not permitted"}]', 422), sent, 'max_tokens')).toBe('temperature');
  });

  it('names nothing the request did not send, nothing for other failures, and not a too-long prompt', () => {
    expect(findRefusedParameter(refusal('temperature is not supported'), { ...sent, temperature: null }, 'max_tokens')).toBeNull();
    expect(findRefusedParameter(refusal('Only one completion choice is allowed'), { ...sent, n: 1 }, 'max_tokens')).toBeNull();
    expect(findRefusedParameter(refusal('temperature is not supported', 500), sent, 'max_tokens')).toBeNull();
    expect(findRefusedParameter(refusal("This model's maximum context length is 8192 tokens; max_tokens is too large"), sent, 'max_tokens')).toBeNull();
    expect(findRefusedParameter(refusal('Your request {"temperature":0.2,"messages":[...]} could not be parsed'), sent, 'max_tokens')).toBeNull();
    expect(findRefusedParameter({ ...refusal('x'), kind: 'timeout', status: null }, sent, 'max_tokens')).toBeNull();
  });
});
