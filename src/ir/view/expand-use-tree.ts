/** One name a use tree brings into scope: its full path, and the alias it is known by (`as x`), or null. */
export interface UseLeaf {
  path: string[];
  alias: string | null;
}

/**
 * The names a use tree imports: `vstd::{math::{abs as a, min}, prelude::*}` gives vstd::math::abs
 * (as a), vstd::math::min and vstd::prelude::*; `a::b::{self, c}` gives a::b and a::b::c. A leading
 * `::` is dropped; a tree that cannot be read gives none.
 */
export function expandUseTree(tree: string): UseLeaf[] {
  const text = tree.replace(/\s+/g, ' ').trim().replace(/^::\s*/, '');
  const leaves: UseLeaf[] = [];
  const walk = (prefix: string[], part: string): boolean => {
    const trimmed = part.trim();
    const brace = trimmed.indexOf('{');
    if (brace < 0) {
      const renamed = /^(.*?)\s+as\s+(\w+)$/.exec(trimmed);
      const path = (renamed?.[1] ?? trimmed).split('::').map((segment) => segment.trim());
      if (path.some((segment) => !/^(\w+|\*)$/.test(segment))) return false;
      const full = path[0] === 'self' && prefix.length > 0 && path.length === 1 ? prefix : [...prefix, ...path];
      leaves.push({ path: full, alias: renamed?.[2] ?? null });
      return true;
    }
    if (!trimmed.endsWith('}')) return false;
    const head = trimmed.slice(0, brace).trim().replace(/::$/, '').trim();
    const base = head === '' ? prefix : [...prefix, ...head.split('::').map((segment) => segment.trim())];
    if (base.some((segment) => !/^\w+$/.test(segment))) return false;
    return splitTopLevelCommas(trimmed.slice(brace + 1, -1)).every((entry) => entry.trim() === '' || walk(base, entry));
  };
  return walk([], text) ? leaves : [];
}

/** The name a leaf is known by in the importing module (its alias, else its last segment). */
export function leafName(leaf: UseLeaf): string {
  return leaf.alias ?? leaf.path[leaf.path.length - 1] ?? '';
}

function splitTopLevelCommas(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '{') depth++;
    else if (text[index] === '}') depth--;
    else if (text[index] === ',' && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
