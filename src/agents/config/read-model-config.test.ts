import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../core/errors.js';
import { loadModelConfig, readModelConfig } from './read-model-config.js';

const env = { OPENAI_API_KEY: 'sk-config-test-key-123456' };

describe('readModelConfig', () => {
  it('applies the study defaults and normalizes keys', () => {
    const { config, errors, warnings } = readModelConfig('[model]\nname = "gpt-4o-mini"\n[model.prices."gpt-4o-mini"]\ninput_per_million = 0.15\noutput_per_million = 0.6\n', 'v.toml', env);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(config).toMatchObject({
      name: 'gpt-4o-mini',
      baseUrl: 'https://api.openai.com/v1',
      temperature: 0.2,
      requestTimeoutMs: 120_000,
      sampling: 'n',
      budget: { maxCalls: 100, maxTokens: 2_000_000, maxCostUsd: null },
      prices: { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 } },
    });
    expect(JSON.stringify(config)).not.toContain(env.OPENAI_API_KEY);
  });

  it('fills name and base URL from the environment when the file leaves them out', () => {
    const { config, warnings } = readModelConfig('', 'v.toml', { VERUS_REPAIR_MODEL: 'qwen2.5-coder', OPENAI_BASE_URL: 'http://localhost:11434/v1' });
    expect(config).toMatchObject({ name: 'qwen2.5-coder', baseUrl: 'http://localhost:11434/v1' });
    expect(warnings.join('\n')).toContain('OPENAI_API_KEY is not set');
    expect(warnings.join('\n')).toContain('cost will be reported as unknown');
  });

  it('names the key, the expectation, what was received and an example', () => {
    const { config, errors } = readModelConfig('[model]\nname = "m"\ntemperature = 7\nsampling = "fast"\napi_key = "sk-oops"\n[model.budget]\nmax_calls = "ten"\n', 'v.toml', env);
    expect(config).toBeNull();
    expect(errors).toContain('v.toml: model.temperature: expected a value <= 2, received 7. Example: temperature = 0.2');
    expect(errors).toContain('v.toml: model.sampling: expected one of "n", "parallel", received "fast". Example: sampling = "n"   # or "parallel"');
    expect(errors).toContain('v.toml: model.budget.max_calls: expected number, received "ten". Example: max_calls = 100');
    expect(errors.find((error) => error.includes('model.api_key'))).toContain('Keys never go in the config file');
    expect(errors.join('\n')).not.toContain('sk-oops');
  });

  it('reports a missing name and a TOML syntax error with its position', () => {
    expect(readModelConfig('[model]\n', 'v.toml', env).errors).toEqual(['v.toml: model.name: expected string, but it is missing. Example: name = "gpt-4o-mini"']);
    expect(readModelConfig('[model\nname = 1', 'v.toml', env).errors[0]).toMatch(/^v\.toml:1:\d+: not valid TOML/);
  });

  it('rejects an unknown top-level table, naming the known tables', () => {
    const { config, errors } = readModelConfig('[model]\nname = "m"\n[modle.budget]\nmax_calls = 3\n', 'v.toml', env);
    expect(config).toBeNull();
    expect(errors).toEqual(['v.toml: [modle]: unknown table (did you mean [model]?). Known tables: [model], [verifier], [queue], [review]']);
  });

  it('refuses a cost budget without a price for the model, since the budget could not be enforced', () => {
    const { config, errors } = readModelConfig('[model]\nname = "m"\n[model.budget]\nmax_cost_usd = 5.0\n', 'v.toml', env);
    expect(config).toBeNull();
    expect(errors).toEqual([expect.stringContaining('model.budget.max_cost_usd: needs a price for "m" to be enforced: add [model.prices."m"] with input_per_million and output_per_million')]);
    expect(readModelConfig('[model]\nname = "m"\n[model.budget]\nmax_cost_usd = 5.0\n[model.prices.m]\ninput_per_million = 1\noutput_per_million = 2\n', 'v.toml', env).errors).toEqual([]);
  });

  it('requires the key for OpenAI itself', () => {
    expect(readModelConfig('[model]\nname = "gpt-4o"\n', 'v.toml', {}).errors[0]).toContain('OPENAI_API_KEY is not set');
  });

  it('loadModelConfig throws one ConfigurationError listing every problem', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'config-'));
    try {
      const file = join(directory, 'verus-repair.toml');
      writeFileSync(file, '[model]\nname = ""\nmax_retries = -1\n');
      const error = (await loadModelConfig(file, env).catch((caught: unknown) => caught)) as ConfigurationError;
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message.split('\n')).toHaveLength(2);
      await expect(loadModelConfig(join(directory, 'missing.toml'), env)).rejects.toThrow(/cannot read .*missing\.toml/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
