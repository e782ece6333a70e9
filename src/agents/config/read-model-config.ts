import { readFile } from 'node:fs/promises';
import { ConfigurationError } from '../../core/errors.js';
import { describeSchemaIssue } from '../../config/describe-schema-issue.js';
import { findUnknownTables } from '../../config/find-unknown-tables.js';
import { parseTomlDocument } from '../../config/parse-toml-document.js';
import { exampleForKey } from './config-examples.js';
import { modelSectionSchema, type ModelConfig } from './model-config.js';
import type { ModelConfigResult } from './model-config-result.js';
import { normalizeModelSection } from './normalize-model-section.js';

export type { ModelConfigResult } from './model-config-result.js';


/**
 * Reads `[model]` from verus-repair.toml text: parse TOML → validate → normalize → check rules.
 * Environment variables fill what the file leaves out: `VERUS_REPAIR_MODEL` for `name`,
 * `OPENAI_BASE_URL` for `base_url`.
 */
/** `needsApiKey: false` when answers come from a cassette and nothing is sent anywhere. */
export function readModelConfig(tomlText: string, file: string, environment: NodeJS.ProcessEnv, options: { needsApiKey: boolean } = { needsApiKey: true }): ModelConfigResult {
  const parsedToml = parseTomlDocument(tomlText, file);
  if ('error' in parsedToml) return { config: null, warnings: [], errors: [parsedToml.error] };
  const document = parsedToml.document;
  const unknownTables = findUnknownTables(document, file);
  const section = { ...(asTable(document['model']) ?? {}) };
  if (section['name'] === undefined && environment['VERUS_REPAIR_MODEL']) section['name'] = environment['VERUS_REPAIR_MODEL'];
  if (section['base_url'] === undefined && environment['OPENAI_BASE_URL']) section['base_url'] = environment['OPENAI_BASE_URL'];
  const parsed = modelSectionSchema.safeParse(section, { reportInput: true });
  if (!parsed.success) {
    return { config: null, warnings: [], errors: [...parsed.error.issues.map((issue) => `${file}: ${describeSchemaIssue(issue, ['model'], (key) => exampleForKey(key || 'model'), secretKeyHint)}`), ...unknownTables] };
  }
  const normalized = normalizeModelSection(parsed.data, environment, options);
  const errors = [...normalized.errors, ...unknownTables];
  return { config: errors.length === 0 ? normalized.config : null, warnings: normalized.warnings, errors };
}

/** Reads and validates the `[model]` section of a file; throws one ConfigurationError listing every problem. */
export async function loadModelConfig(file: string, environment: NodeJS.ProcessEnv = process.env): Promise<{ config: ModelConfig; warnings: string[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`cannot read ${file}: ${firstLine(error)}. Create it with a [model] section, e.g.\n[model]\nname = "gpt-4o-mini"`);
  }
  const result = readModelConfig(text, file, environment);
  if (result.config === null || result.errors.length > 0) throw new ConfigurationError(result.errors.join('\n'));
  return { config: result.config, warnings: result.warnings };
}

function asTable(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

function secretKeyHint(key: string): string {
  return /api_?key|token|secret/i.test(key)
    ? ' Keys never go in the config file: set the environment variable named by api_key_env (default OPENAI_API_KEY).'
    : '';
}
