import { InternalError } from '../../core/errors.js';

const PLACEHOLDER = /\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g;

/**
 * Fills `{{name}}` placeholders in one pass. Values are inserted verbatim and never re-scanned, so
 * model or verifier text that contains `{{...}}` stays inert. A placeholder without a value, or a
 * value no placeholder uses, is our bug and fails loudly.
 */
export function renderTemplate(template: string, values: Record<string, string>, templateName: string): string {
  const used = new Set<string>();
  const missing = new Set<string>();
  const rendered = template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) {
      missing.add(name);
      return '';
    }
    used.add(name);
    return value;
  });
  if (missing.size > 0) throw new InternalError(`prompt template "${templateName}" needs {{${[...missing].join('}}, {{')}}} but no value was given`);
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) throw new InternalError(`prompt template "${templateName}" has no placeholder for ${unused.join(', ')}`);
  return rendered.trimEnd();
}
