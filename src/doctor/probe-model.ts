import { AdaptingLanguageModel, createLanguageModel, isReasoningModel, ModelAdaptations, ModelRequestError, submitCandidateTool, SUBMIT_CANDIDATE_TOOL_NAME, type ModelAdaptation, type ModelConfig } from '../agents/index.js';
import type { ChatRequest, ChatResponse } from '../core/language-model.js';
import { failed, passed, warned, type DoctorCheck } from './doctor-check.js';
import { describeAdaptationFix } from './describe-adaptation-fix.js';

/**
 * `doctor --model`: one tiny request (a few output tokens) with the run's settings: its tool, its
 * tool_choice form, n = 2 when samples come from `n`, its temperature and reasoning_effort. It goes
 * through the run's adapting client, so what the endpoint refuses is adapted exactly as a run would,
 * and reported with the config line that avoids the adaptation. Messages are scrubbed of the key.
 */
export async function probeModel(config: ModelConfig, environment: NodeJS.ProcessEnv): Promise<DoctorCheck[]> {
  const adaptations = new ModelAdaptations();
  const client = createLanguageModel({ ...config, maxRetries: Math.min(config.maxRetries, 1) }, environment);
  const model = new AdaptingLanguageModel(client, adaptations, config.maxTokensField ?? 'max_tokens');
  const asked = config.sampling === 'n' ? 2 : 1;
  const request: ChatRequest = {
    messages: [{ role: 'user', content: 'This is a connection check. Reply with the single word: ok' }],
    tools: [submitCandidateTool()],
    toolChoice: config.toolChoice === 'function' ? { name: SUBMIT_CANDIDATE_TOOL_NAME } : (config.toolChoice ?? 'auto'),
    n: asked,
    temperature: config.temperature,
    maxOutputTokens: 16,
    ...(config.reasoningEffort == null ? {} : { reasoningEffort: config.reasoningEffort }),
  };
  let response: ChatResponse;
  try {
    response = await model.complete(request);
  } catch (error) {
    const message = error instanceof ModelRequestError ? error.message : String(error).split('\n')[0];
    return [failed('model request', `one tiny request with the run's settings failed: ${message}`, 'fix what the message names in [model] (docs/models.md lists each provider\'s settings)'), ...describeAdaptations(adaptations.list())];
  }
  const adapted = new Set(adaptations.list().map((adaptation) => adaptation.parameter));
  const checks: DoctorCheck[] = [
    passed('model request', `answered: ${response.usage.promptTokens} prompt + ${response.usage.completionTokens} completion tokens${response.usage.estimated ? ' (estimated: the endpoint reported no usage)' : ''}`),
    passed('model tools', `accepted the ${SUBMIT_CANDIDATE_TOOL_NAME} tool schema${response.choices.some((choice) => choice.toolCalls.length > 0) ? ' and answered with a tool call' : ''}`),
    adapted.has('tool_choice') ? warned('model tool_choice', `refused ${describeToolChoice(request.toolChoice)}`, null) : passed('model tool_choice', `accepted ${describeToolChoice(request.toolChoice)}`),
    describeTemperature(config, adapted.has('temperature')),
    describeN(asked, response.choices.length, adapted.has('n')),
    response.usage.cachedPromptTokens === undefined
      ? warned('model caching', 'reports no prompt_tokens_details.cached_tokens: any prompt caching it does is not visible, and every prompt token is priced at input_per_million', null)
      : passed('model caching', `reports cached prompt tokens (${response.usage.cachedPromptTokens} for this tiny prompt; providers cache from about 1024 tokens)`),
  ];
  const fewer = asked > 1 && response.choices.length < asked && !adapted.has('n');
  const found = [...adaptations.list(), ...(fewer ? [{ parameter: 'n' as const, change: 'several samples come from parallel calls with n = 1', reason: `asked for ${asked} choices, ${response.choices.length} came back` }] : [])];
  return [...checks, ...describeAdaptations(found)];
}

function describeToolChoice(choice: ChatRequest['toolChoice']): string {
  return typeof choice === 'object' && choice !== null ? `tool_choice naming the function (tool_choice = "function")` : `tool_choice "${String(choice)}"`;
}

function describeTemperature(config: ModelConfig, refused: boolean): DoctorCheck {
  if (config.temperature === null) {
    return passed('model temperature', isReasoningModel(config.name) ? `none sent: "${config.name}" is a reasoning model` : 'none sent (temperature = "default")');
  }
  return refused ? warned('model temperature', `refused ${config.temperature}`, null) : passed('model temperature', `accepted ${config.temperature}`);
}

function describeN(asked: number, received: number, refused: boolean): DoctorCheck {
  if (asked === 1) return passed('model n', 'not used: samples come from parallel calls (sampling = "parallel")');
  if (refused) return warned('model n', `refused n = ${asked}`, null);
  return received >= asked ? passed('model n', `n = ${asked} honoured`) : warned('model n', `asked n = ${asked}, ${received} choice(s) came back`, null);
}

/** What a run would adapt, each with the [model] line that makes it unnecessary. */
function describeAdaptations(adaptations: readonly ModelAdaptation[]): DoctorCheck[] {
  if (adaptations.length === 0) return [passed('model adaptations', 'none: a run sends its requests as configured')];
  return adaptations.map((adaptation) => warned('model adaptation', `${adaptation.parameter}: ${adaptation.change} (${adaptation.reason})`, describeAdaptationFix(adaptation)));
}
