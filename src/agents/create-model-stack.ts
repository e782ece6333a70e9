import type { LanguageModel } from '../core/language-model.js';
import { AdaptingLanguageModel } from './adapt/adapting-language-model.js';
import type { ModelAdaptedEvent } from './adapt/model-adaptation.js';
import { ModelAdaptations } from './adapt/model-adaptations.js';
import { inferProvider, PROVIDER_PRESETS } from './config/provider-preset.js';
import { CassetteWriter } from './cassette/cassette-writer.js';
import { openReplay } from './cassette/open-replay.js';
import { RecordingLanguageModel } from './cassette/recording-language-model.js';
import { validateCassettePath } from './cassette/validate-cassette-path.js';
import type { ModelConfig } from './config/model-config.js';
import { createLanguageModel } from './create-language-model.js';
import { MeteredModel } from './model/metered-model.js';
import { ModelBudget } from './model/model-budget.js';
import type { ModelWaitEvent } from './model/model-wait-event.js';
import type { RetryClock } from './model/retry-with-backoff.js';

export interface ModelStackOptions {
  /** Append every exchange to this cassette. */
  recordTo?: string;
  /** Answer from this cassette instead of the network (`--replay`). */
  replayFrom?: string;
  environment?: NodeJS.ProcessEnv;
  clock?: RetryClock;
  /** Hears that the run waits on the model: at once, every heartbeat, and when the wait is over. */
  onModelWaiting?: (event: ModelWaitEvent) => void;
  heartbeatMs?: number;
  /** Hears each adaptation to the endpoint once (a refused parameter dropped or changed for the run). */
  onModelAdapted?: (event: ModelAdaptedEvent) => void;
}

/**
 * Wires the model for a run: HTTP client (or cassette replay) → optional recorder → adapter → budget
 * meter. The adapter sits above the recorder, so a cassette holds each request as adapted and the
 * refusal that led to it; a replay adapts the same way with no endpoint. The budget and the
 * adaptations are shared by the editor and the instructor.
 */
export function createModelStack(config: ModelConfig, options: ModelStackOptions = {}): { metered: MeteredModel; warnings: string[]; cassette: CassetteWriter | null } {
  const environment = options.environment ?? process.env;
  // Before anything runs: a device, directory or missing directory must not fail a run halfway.
  if (options.replayFrom !== undefined) validateCassettePath(options.replayFrom, 'replay');
  if (options.recordTo !== undefined) validateCassettePath(options.recordTo, 'record');
  let model: LanguageModel;
  const warnings: string[] = [];
  if (options.replayFrom !== undefined) {
    const replay = openReplay(options.replayFrom, config.name);
    model = replay.model;
    warnings.push(...replay.warnings);
  } else {
    model = createLanguageModel(config, environment, options.clock);
  }
  let cassette: CassetteWriter | null = null;
  if (options.recordTo !== undefined) {
    const key = environment[config.apiKeyEnv];
    cassette = new CassetteWriter(options.recordTo, key ? [key] : []);
    model = new RecordingLanguageModel(model, cassette);
  }
  const adaptations = new ModelAdaptations(options.onModelAdapted ?? null);
  const maxTokensField = config.maxTokensField ?? PROVIDER_PRESETS[config.provider ?? inferProvider(config.baseUrl)].maxTokensField;
  model = new AdaptingLanguageModel(model, adaptations, maxTokensField);
  const waiting = { ...(options.onModelWaiting === undefined ? {} : { onWaiting: options.onModelWaiting }), ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }), adaptations };
  return { metered: new MeteredModel(model, new ModelBudget(config.budget), config.prices, waiting), warnings, cassette };
}
