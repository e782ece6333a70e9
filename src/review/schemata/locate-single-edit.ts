/** Where a variant (a mutant, a vacuity probe) differs from the original file: the original's UTF-16 range [start, end) and the text that replaces it. */
export interface SingleEdit {
  start: number;
  end: number;
  replacement: string;
}

/**
 * The smallest single edit that turns `original` into `mutated`: their common prefix and suffix
 * left out. A mutant is one replacement (generate-mutants.ts) and a probe one insertion, so this is
 * that edit, or a narrower one when its ends repeat the original's text; either lies inside the site.
 */
export function locateSingleEdit(original: string, mutated: string): SingleEdit {
  const shorter = Math.min(original.length, mutated.length);
  let prefix = 0;
  while (prefix < shorter && original.charCodeAt(prefix) === mutated.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && original.charCodeAt(original.length - 1 - suffix) === mutated.charCodeAt(mutated.length - 1 - suffix)) suffix++;
  return { start: prefix, end: original.length - suffix, replacement: mutated.slice(prefix, mutated.length - suffix) };
}
