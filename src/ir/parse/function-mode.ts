import type { FunctionMode } from '../function-item.js';

const MODE_WORDS = new Set(['open', 'closed', 'uninterp', 'broadcast', 'proof', 'exec', 'axiom', 'tracked', 'ghost']);

/** Splits an item's modifier words into the Verus mode (label and base mode) and the Rust qualifiers. */
export function classifyFunctionModifiers(modifiers: readonly string[]): { mode: string; baseMode: FunctionMode; qualifiers: string[] } {
  const modeWords: string[] = [];
  const qualifiers: string[] = [];
  for (const word of modifiers) {
    if (MODE_WORDS.has(word) || word === 'spec' || word.startsWith('spec(')) modeWords.push(word);
    else qualifiers.push(word);
  }
  const baseMode: FunctionMode = modeWords.some((word) => word.startsWith('spec'))
    ? 'spec'
    : modeWords.includes('proof') || modeWords.includes('axiom')
      ? 'proof'
      : 'exec';
  return { mode: modeWords.length === 0 ? 'exec' : modeWords.join(' '), baseMode, qualifiers };
}
