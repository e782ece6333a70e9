/**
 * Prompt tokens with the provider's prompt-cache share, for reports: `12000 in` or, when the
 * endpoint reported cache hits, `12000 in (9600 cached, 80%)`. Endpoints that report no caching
 * show no share rather than a claimed 0%.
 */
export function describePromptTokens(promptTokens: number, cachedPromptTokens: number | undefined, unit = 'in'): string {
  const cached = cachedPromptTokens ?? 0;
  const tokens = unit === '' ? String(promptTokens) : `${promptTokens} ${unit}`;
  if (cached <= 0 || promptTokens <= 0) return tokens;
  return `${tokens} (${cached} cached, ${Math.round((cached / promptTokens) * 100)}%)`;
}
