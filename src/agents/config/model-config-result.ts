import type { ModelConfig } from './model-config.js';

/** The outcome of reading the `[model]` section: a config when there are no errors, and every message. */
export interface ModelConfigResult {
  config: ModelConfig | null;
  warnings: string[];
  errors: string[];
}
