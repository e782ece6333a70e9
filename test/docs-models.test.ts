import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readModelConfig } from '../src/agents/config/read-model-config.js';
import { PROVIDERS } from '../src/agents/config/provider-preset.js';

const DOC = readFileSync(path.join(import.meta.dirname, '..', 'docs', 'models.md'), 'utf8');
const KEYS = { OPENAI_API_KEY: 'k', AZURE_OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k', GEMINI_API_KEY: 'k', OPENROUTER_API_KEY: 'k' };

describe('docs/models.md', () => {
  it('has one section per provider preset, each with a [model] example the config reader accepts as that provider', () => {
    for (const provider of PROVIDERS) {
      const section = DOC.split(`\n## ${provider}\n`)[1]?.split('\n## ')[0];
      expect(section, provider).toBeDefined();
      const example = /```toml\n([\s\S]*?)```/.exec(section!)?.[1];
      expect(example, provider).toBeDefined();
      const result = readModelConfig(example!, `docs/models.md (${provider})`, KEYS);
      expect(result.errors, provider).toEqual([]);
      expect(result.config?.provider, provider).toBe(provider);
    }
  });
});
