import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readModelConfig, type ModelConfig } from '../../agents/index.js';
import { ConfigurationError } from '../../core/errors.js';
import { CONFIG_FILE_NAME, defaultVerifierConfig, readVerifierConfig } from '../../verifier/config/read-verifier-config.js';
import type { VerifierConfig } from '../../verifier/config/verifier-config.js';
import { readGuardConfig, type GuardConfig } from '../../guard/read-guard-config.js';

/** Both sections a repair needs, read from `<repoDir>/verus-repair.toml`. */
export interface RepairConfig {
  file: string;
  verifier: VerifierConfig;
  model: ModelConfig;
  /** `[guard]`: defaults when the table is absent. */
  guard: GuardConfig;
  warnings: string[];
}

/**
 * Reads `[verifier]`, `[model]` and `[guard]` together, so that one ConfigurationError lists every section's
 * problems at once (a message shared by both readers, such as a TOML syntax error, appears once).
 */
export async function readRepairConfig(repoDir: string, environment: NodeJS.ProcessEnv, options: { needsApiKey: boolean }): Promise<RepairConfig> {
  const file = path.join(repoDir, CONFIG_FILE_NAME);
  let text: string | null;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new ConfigurationError(`cannot read ${file}: ${(error as Error).message}`);
    text = null;
  }
  const verifier = text === null ? { config: defaultVerifierConfig(repoDir), warnings: [], errors: [] } : readVerifierConfig(text, file, repoDir);
  const model = readModelConfig(text ?? '', file, environment, options);
  const guard = readGuardConfig(text ?? '', file);
  const errors = [...new Set([...verifier.errors, ...model.errors, ...guard.errors])];
  if (verifier.config === null || model.config === null || guard.config === null || errors.length > 0) throw new ConfigurationError(errors.join('\n'));
  return { file, verifier: verifier.config, model: model.config, guard: guard.config, warnings: [...verifier.warnings, ...model.warnings] };
}
