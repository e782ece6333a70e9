import type { ModelConfig } from './model-config.js';
import { PROVIDER_PRESETS } from './provider-preset.js';
import { isReasoningModel } from './reasoning-model-family.js';

/** The temperature sent when neither the file nor the model family says otherwise. */
export const DEFAULT_TEMPERATURE = 0.2;

/**
 * The config for model `name`, with what the model family decides filled in: a reasoning family
 * gets no temperature (unless one is written) and `max_completion_tokens`. Used when the config is
 * read and again when `--model` names another model than the file.
 */
export function applyModelFamily(config: ModelConfig, name: string): ModelConfig {
  const reasoning = isReasoningModel(name);
  const setting = config.temperatureSetting ?? null;
  const temperature = setting === 'default' ? null : setting ?? (reasoning ? null : DEFAULT_TEMPERATURE);
  const maxTokensField = reasoning ? 'max_completion_tokens' : PROVIDER_PRESETS[config.provider ?? 'generic'].maxTokensField;
  return { ...config, name, temperature, maxTokensField };
}
