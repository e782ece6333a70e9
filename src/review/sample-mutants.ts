/** Seeds of the sample: the generator keeps 32 bits, so a larger seed would repeat a smaller one's sample. */
export const MAX_SAMPLE_SEED = 0xffff_ffff;

/**
 * Picks `count` of `items` with a seeded generator (mulberry32) and keeps their original order,
 * so the same seed always gives the same sample. Returns all items when there are not more.
 */
export function sampleInOrder<T>(items: readonly T[], count: number, seed: number): T[] {
  if (items.length <= count) return [...items];
  return shuffledIndices(items.length, seed)
    .slice(0, count)
    .sort((left, right) => left - right)
    .map((index) => items[index] as T);
}

/** 0..length-1 in the seeded order (Fisher-Yates over mulberry32): the order sampleInOrder takes its first `count` from. */
export function shuffledIndices(length: number, seed: number): number[] {
  const random = mulberry32(seed);
  const indices = Array.from({ length }, (_, index) => index);
  for (let index = indices.length - 1; index > 0; index--) {
    const swap = Math.floor(random() * (index + 1));
    [indices[index], indices[swap]] = [indices[swap] as number, indices[index] as number];
  }
  return indices;
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
