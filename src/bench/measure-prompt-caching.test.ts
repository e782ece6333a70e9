import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadPromptTemplates } from '../agents/prompts/load-prompt-templates.js';
import { loadFixtureTasks } from '../agents/testing/load-fixture-tasks.js';
import { measureCachingEpisode } from './measure-prompt-caching.js';

const FIXTURES = fileURLToPath(new URL('../../rust-fixtures', import.meta.url));

describe('measureCachingEpisode', () => {
  it('finds each later editor prompt to start with the previous one byte for byte (>= 70%), so cached pricing costs less', async () => {
    const fixture = loadFixtureTasks(FIXTURES).find((task) => task.crate === 'binary-search')!;
    const episode = await measureCachingEpisode(loadPromptTemplates(), fixture);
    expect(episode.prefixShares).toHaveLength(5);
    for (const share of episode.prefixShares) expect(share).toBeGreaterThanOrEqual(0.7);
    // Shares grow: each call re-sends everything before it and adds one turn.
    expect(episode.prefixShares.at(-1)!).toBeGreaterThan(episode.prefixShares[0]!);
    expect(episode.costUsd).toBeLessThan(episode.costWithoutCacheUsd);
  });
});
