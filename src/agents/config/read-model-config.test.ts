import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../core/errors.js';
import { applyModelFamily } from './apply-model-family.js';
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
      prices: { 'gpt-4o-mini': { inputPerMillion: 0.15, cachedInputPerMillion: null, outputPerMillion: 0.6 } },
      provider: 'openai',
      maxTokensField: 'max_completion_tokens',
      reasoningEffort: null,
      toolChoice: 'auto',
      extraHeaders: {},
      extraQuery: {},
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
    expect(errors).toContain('v.toml: model.temperature: expected a value <= 2, received 7. Example: temperature = 0.2   # or "default" to send none (reasoning models)');
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
    expect(errors).toEqual(['v.toml: [modle]: unknown table (did you mean [model]?). Known tables: [model], [verifier], [queue], [review], [guard], [spec_check], [mcp]']);
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

  describe('model settings that fit the endpoint (issue 20)', () => {
    const read = (toml: string, environment: NodeJS.ProcessEnv = env) => readModelConfig(`[model]\n${toml}\n`, 'v.toml', environment);

    it('recognises reasoning families by name: no temperature, max_completion_tokens', () => {
      for (const name of ['gpt-5', 'gpt-5-mini', 'gpt-5.1', 'o1', 'o3-mini', 'o4-mini', 'openai/o3']) {
        expect(read(`name = "${name}"`).config, name).toMatchObject({ temperature: null, temperatureSetting: null, maxTokensField: 'max_completion_tokens' });
      }
      for (const name of ['gpt-4o', 'gpt-50', 'o10-preview', 'qwen3-o3', 'gpt-4.1']) {
        expect(read(`name = "${name}"`).config, name).toMatchObject({ temperature: 0.2 });
      }
    });

    it('sends no temperature for temperature = "default", and warns when a reasoning model is given one', () => {
      expect(read('name = "gpt-4o"\ntemperature = "default"').config).toMatchObject({ temperature: null, temperatureSetting: 'default' });
      const explicit = read('name = "gpt-5"\ntemperature = 0.7');
      expect(explicit.config).toMatchObject({ temperature: 0.7 });
      expect(explicit.warnings.join('\n')).toContain('model.temperature: "gpt-5" is a reasoning model');
      expect(read('name = "m"\ntemperature = "hot"').errors[0]).toBe('v.toml: model.temperature: expected a number from 0 to 2, or "default", received "hot". Example: temperature = 0.2   # or "default" to send none (reasoning models)');
    });

    it('re-applies the family defaults when --model names another model', () => {
      const config = read('name = "gpt-4o"').config!;
      expect(applyModelFamily(config, 'o3')).toMatchObject({ name: 'o3', temperature: null, maxTokensField: 'max_completion_tokens' });
      expect(applyModelFamily(read('name = "o3"\nbase_url = "http://localhost:8000/v1"').config!, 'qwen')).toMatchObject({ temperature: 0.2, maxTokensField: 'max_tokens' });
    });

    it('takes reasoning_effort from a known set, naming the key and the values', () => {
      expect(read('name = "o3"\nreasoning_effort = "high"').config).toMatchObject({ reasoningEffort: 'high' });
      expect(read('name = "o3"\nreasoning_effort = "extreme"').errors).toEqual([
        'v.toml: model.reasoning_effort: expected one of "none", "minimal", "low", "medium", "high", "xhigh", received "extreme". Example: reasoning_effort = "medium"',
      ]);
      expect(read('name = "gpt-4o"\nreasoning_effort = "low"').warnings.join('\n')).toContain('model.reasoning_effort: "gpt-4o" is not a reasoning family');
    });

    it('fills in a provider preset: base URL, key variable, sampling and the max-tokens field', () => {
      expect(read('name = "qwen2.5-coder"\nprovider = "ollama"', {}).config).toMatchObject({ provider: 'ollama', baseUrl: 'http://localhost:11434/v1', apiKeyEnv: 'OPENAI_API_KEY', sampling: 'parallel', maxTokensField: 'max_tokens', temperature: 0.2 });
      expect(read('name = "m"\nprovider = "llama-cpp"\nsampling = "n"', {}).config).toMatchObject({ baseUrl: 'http://localhost:8080/v1', sampling: 'n' });
      expect(read('name = "anthropic/claude"\nprovider = "openrouter"', { OPENROUTER_API_KEY: 'x' }).config).toMatchObject({ baseUrl: 'https://openrouter.ai/api/v1', apiKeyEnv: 'OPENROUTER_API_KEY', sampling: 'parallel' });
      expect(read('name = "gemini-2.5-pro"\nbase_url = "https://generativelanguage.googleapis.com/v1beta/openai/"', { GEMINI_API_KEY: 'x' }).config).toMatchObject({ provider: 'gemini-openai', apiKeyEnv: 'GEMINI_API_KEY' });
      expect(read('name = "claude-sonnet-4-5"\nprovider = "anthropic-openai"', {}).errors[0]).toContain('ANTHROPIC_API_KEY is not set');
    });

    it('shapes Azure: the resource root, api-version by default, AZURE_OPENAI_API_KEY; a base URL is required', () => {
      const azure = read('name = "my-gpt-5-deployment"\nprovider = "azure"\nbase_url = "https://res.openai.azure.com"', { AZURE_OPENAI_API_KEY: 'k' });
      expect(azure.errors).toEqual([]);
      expect(azure.config).toMatchObject({ baseUrl: 'https://res.openai.azure.com/openai', apiKeyEnv: 'AZURE_OPENAI_API_KEY', extraQuery: { 'api-version': '2024-10-21' } });
      expect(read('name = "d"\nprovider = "azure"\nextra_query = { "api-version" = "2025-01-01-preview" }\nbase_url = "https://res.openai.azure.com/openai/"', { AZURE_OPENAI_API_KEY: 'k' }).config).toMatchObject({ baseUrl: 'https://res.openai.azure.com/openai', extraQuery: { 'api-version': '2025-01-01-preview' } });
      expect(read('name = "d"\nprovider = "azure"', { AZURE_OPENAI_API_KEY: 'k' }).errors).toEqual(['model.base_url: provider "azure" has no shared endpoint; give your server\'s URL. Example: base_url = "https://my-resource.openai.azure.com/openai"']);
      expect(read('name = "d"\nprovider = "azure"\nbase_url = "https://res.openai.azure.com/openai/v1"', { AZURE_OPENAI_API_KEY: 'k' }).errors[0]).toContain('is the v1 API, which takes provider = "generic"');
    });

    it('refuses an unknown provider, listing the presets', () => {
      expect(read('name = "m"\nprovider = "bedrock"').errors).toEqual([
        'v.toml: model.provider: expected one of "openai", "azure", "anthropic-openai", "gemini-openai", "openrouter", "ollama", "vllm", "llama-cpp", "generic", received "bedrock". Example: provider = "openai"   # or azure, anthropic-openai, gemini-openai, openrouter, ollama, vllm, llama-cpp, generic',
      ]);
    });

    it('passes extra headers and query parameters, but refuses any that carry a credential, never quoting it', () => {
      const fine = read('name = "m"\nbase_url = "http://localhost:1/v1"\nextra_headers = { "HTTP-Referer" = "https://example.org", "X-Title" = "verus-repair" }\nextra_query = { "api-version" = "1" }');
      expect(fine.config).toMatchObject({ extraHeaders: { 'HTTP-Referer': 'https://example.org', 'X-Title': 'verus-repair' }, extraQuery: { 'api-version': '1' } });
      const secret = 'sk-proj-CONFIGSECRET-abcdef123456';
      const refused = read(`name = "m"\nbase_url = "http://localhost:1/v1"\nextra_headers = { Authorization = "Bearer ${secret}", "api-key" = "${secret}", "X-Custom" = "${secret}" }\nextra_query = { key = "AIzaSyA-0123456789abcdefghijklmn" }`);
      expect(refused.config).toBeNull();
      expect(refused.errors).toEqual([
        expect.stringMatching(/^model\.extra_headers\.Authorization: refused, it names a credential\. Keys come from the environment only: export OPENAI_API_KEY=\.\.\. .*Example: extra_headers = /),
        expect.stringContaining('model.extra_headers.api-key: refused, it names a credential.'),
        expect.stringContaining('model.extra_headers.X-Custom: refused, its value looks like a key.'),
        expect.stringContaining('model.extra_query.key: refused, it names a credential.'),
      ]);
      expect(refused.errors.join('\n')).not.toContain('CONFIGSECRET');
      expect(refused.errors.join('\n')).not.toContain('AIzaSy');
      expect(read('name = "m"\nextra_headers = { "bad header" = "x" }').errors[0]).toMatch(/^v\.toml: model\.extra_headers\.bad header: expected a name of letters, digits .* Example: extra_headers = /);
    });

    it('prices cached prompt tokens beside the input price', () => {
      const { config } = read('name = "m"\n[model.prices.m]\ninput_per_million = 1.25\ncached_input_per_million = 0.125\noutput_per_million = 10');
      expect(config?.prices['m']).toEqual({ inputPerMillion: 1.25, cachedInputPerMillion: 0.125, outputPerMillion: 10 });
      expect(read('name = "m"\n[model.prices.m]\ninput_per_million = 1\ncached_input_per_million = -1\noutput_per_million = 1').errors).toEqual([
        'v.toml: model.prices.m.cached_input_per_million: expected a value >= 0, received -1. Example: cached_input_per_million = 0.075',
      ]);
    });
  });
});
