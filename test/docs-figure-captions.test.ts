import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The throughput ratios in these documents come from fake verifiers that sleep a fixed time per call. Next to
// each such figure (the same paragraph, table row or code block, or the one right after it) the text must say
// that the ratio measures sleeps and is not a measurement of Verus (issue 17, item 14).
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RATIO = /\b\d+(?:\.\d+)?(?:[–-]\d+(?:\.\d+)?)?\s*[x×](?![\w])/;

function ratioFiguresWithoutCaveat(document: string): string[] {
  const blocks = readFileSync(path.join(repository, document), 'utf8').split(/\n\s*\n/);
  return blocks.flatMap((block, index) => {
    const figures = block.split('\n').filter((line) => RATIO.test(line) && /throughput|--jobs|workers?\b/i.test(line));
    const nearby = `${block}\n${blocks[index + 1] ?? ''}`;
    const captioned = /sleep/i.test(nearby) && /not (?:a measurement of )?Verus/i.test(nearby);
    return figures.length > 0 && !captioned ? figures : [];
  });
}

describe('throughput figures measured over a sleeping fake verifier', () => {
  it.each(['docs/review.md', 'docs/scale-out.md'])('%s says beside each ratio that it measures sleeps, not Verus', (document) => {
    expect(ratioFiguresWithoutCaveat(document)).toEqual([]);
  });
});
