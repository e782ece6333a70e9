import type { TokenUsage } from '../../core/language-model.js';
import type { ModelPrice } from '../config/model-config.js';

/**
 * Cost of one call in USD from the configured price table; null (unknown), never 0, for an unpriced
 * model. Prompt tokens the provider served from its cache cost `cachedInputPerMillion`; without that
 * price they cost the full input price (an upper bound, never an underestimate).
 */
export function computeCost(usage: TokenUsage, model: string, prices: Record<string, ModelPrice>): number | null {
  const price = prices[model];
  if (price === undefined) return null;
  const cached = Math.min(usage.cachedPromptTokens ?? 0, usage.promptTokens);
  const cachedPrice = price.cachedInputPerMillion ?? price.inputPerMillion;
  return ((usage.promptTokens - cached) * price.inputPerMillion + cached * cachedPrice + usage.completionTokens * price.outputPerMillion) / 1_000_000;
}
