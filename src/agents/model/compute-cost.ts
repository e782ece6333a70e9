import type { TokenUsage } from '../../core/language-model.js';
import type { ModelPrice } from '../config/model-config.js';

/** Cost of one call in USD from the configured price table; null (unknown), never 0, for an unpriced model. */
export function computeCost(usage: TokenUsage, model: string, prices: Record<string, ModelPrice>): number | null {
  const price = prices[model];
  if (price === undefined) return null;
  return (usage.promptTokens * price.inputPerMillion + usage.completionTokens * price.outputPerMillion) / 1_000_000;
}
