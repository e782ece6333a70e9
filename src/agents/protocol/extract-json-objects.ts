/**
 * Every top-level `{...}` in a text that parses as a JSON object, in order. Braces inside JSON strings
 * are skipped, so code inside a string value does not confuse the scan. Scanning is linear.
 */
export function extractJsonObjects(text: string): Array<Record<string, unknown>> {
  const objects: Array<Record<string, unknown>> = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
      continue;
    }
    if (character === '"' && depth > 0) inString = true;
    else if (character === '{') {
      if (depth === 0) start = index;
      depth += 1;
    } else if (character === '}' && depth > 0) {
      depth -= 1;
      if (depth === 0) pushIfObject(text.slice(start, index + 1), objects);
    }
  }
  return objects;
}

function pushIfObject(candidate: string, objects: Array<Record<string, unknown>>): void {
  try {
    const value: unknown = JSON.parse(candidate);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) objects.push(value as Record<string, unknown>);
  } catch {
    // not JSON: prose that happens to contain braces
  }
}
