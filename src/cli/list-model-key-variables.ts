import { PROVIDER_PRESETS } from '../agents/config/provider-preset.js';

/** The environment variables that hold a model API key for a provider verus-repair knows (OPENAI_API_KEY first). */
export function listModelKeyVariables(): string[] {
  return [...new Set(Object.values(PROVIDER_PRESETS).map((preset) => preset.apiKeyEnv))];
}
