/**
 * JSON with object keys sorted at every level and no whitespace, so equal values always serialize
 * to equal strings (for hashing and caching). `undefined` members are dropped, as JSON.stringify does.
 */
export function serializeCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : serializeCanonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined && typeof member !== 'function')
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${serializeCanonicalJson(member)}`).join(',')}}`;
}
