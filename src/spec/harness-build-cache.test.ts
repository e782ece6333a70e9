import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../test/fakes/temporary-directory.js';
import { HARNESS_CACHE_ENTRIES, readCachedHarness, storeCachedHarness } from './harness-build-cache.js';

afterAll(() => removeTemporaryDirectories());

const ENTRY = { builds: 1, command: ['cargo', 'build'], exclusions: { specFunctions: [], clauses: [['vr_f0_ensures_0', 'error[E0308]'] as [string, string]], functions: [], probes: [] } };

describe('the harness build cache', () => {
  it('answers a stored key with its binary and what the build found, and nothing for another key', async () => {
    const target = createTemporaryDirectory('harness-cache');
    const built = path.join(target, 'built-harness');
    writeFileSync(built, '#!/bin/sh\n');
    const key = 'a'.repeat(64);
    await storeCachedHarness(target, key, built, ENTRY);
    const hit = await readCachedHarness(target, key);
    expect(hit).toMatchObject({ builds: 1, command: ['cargo', 'build'], exclusions: { clauses: [['vr_f0_ensures_0', 'error[E0308]']] } });
    expect(existsSync(hit!.executable)).toBe(true);
    expect(await readCachedHarness(target, 'b'.repeat(64))).toBeNull();
  });

  it(`keeps the ${HARNESS_CACHE_ENTRIES} most recently used builds and removes older ones`, async () => {
    const target = createTemporaryDirectory('harness-cache-lru');
    const built = path.join(target, 'built-harness');
    writeFileSync(built, '#!/bin/sh\n');
    const root = path.join(target, 'verus-repair-spec-harness');
    const keys = Array.from({ length: HARNESS_CACHE_ENTRIES }, (_, index) => index.toString(16).padStart(64, '0'));
    mkdirSync(root, { recursive: true });
    for (const [index, key] of keys.entries()) {
      await storeCachedHarness(target, key, built, ENTRY);
      // Older uses first: entry 0 was used longest ago.
      utimesSync(path.join(root, key), new Date(1_000_000 + index * 1000), new Date(1_000_000 + index * 1000));
    }
    // Entry 0 is used again, so entry 1 is now the least recently used.
    await readCachedHarness(target, keys[0]!);
    await storeCachedHarness(target, 'f'.repeat(64), built, ENTRY);
    const kept = readdirSync(root).filter((name) => /^[0-9a-f]{64}$/.test(name));
    expect(kept).toHaveLength(HARNESS_CACHE_ENTRIES);
    expect(kept).toContain(keys[0]);
    expect(kept).not.toContain(keys[1]);
    expect(kept).toContain('f'.repeat(64));
  });
});
