/**
 * The path of the first place two JSON values differ (`messages[3].content`), or null when equal.
 * Used to explain a replay miss: which part of the request changed since it was recorded.
 */
export function firstDifference(expected: unknown, actual: unknown, path = ''): string | null {
  if (Object.is(expected, actual)) return null;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let index = 0; index < Math.max(expected.length, actual.length); index += 1) {
      const difference = firstDifference(expected[index], actual[index], `${path}[${index}]`);
      if (difference !== null) return difference;
    }
    return null;
  }
  if (isObject(expected) && isObject(actual)) {
    for (const key of [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort()) {
      const difference = firstDifference(expected[key], actual[key], path === '' ? key : `${path}.${key}`);
      if (difference !== null) return difference;
    }
    return null;
  }
  return path === '' ? '(root)' : path;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
