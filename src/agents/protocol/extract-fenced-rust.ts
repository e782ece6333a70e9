/**
 * The body of the only fenced ```rust (or ```rs) block in a text; null when there is none or more
 * than one, because then we cannot know which one the model meant. An unterminated fence is not a block.
 */
export function extractFencedRust(text: string): string | null {
  const blocks: string[] = [];
  const fence = /^([ \t]*)(`{3,}|~{3,})[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n([\s\S]*?)^\1\2[ \t]*$/gm;
  for (const match of text.matchAll(fence)) {
    const language = (match[3] ?? '').toLowerCase();
    if (language === 'rust' || language === 'rs') blocks.push(match[4] ?? '');
  }
  return blocks.length === 1 ? (blocks[0] ?? null) : null;
}
