import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { takeRunNotices } from '../../verifier/sandbox/run-notices.js';
import { HARNESS_CACHE_ENTRIES, readCachedHarness, selectHarnessStore, storeCachedHarness, type HarnessStore } from './harness-build-cache.js';

afterAll(() => removeTemporaryDirectories());

/**
 * A target directory and a cache directory beside it, as the project lays them out
 * (.verus-repair/cargo-target, .verus-repair/cache), a run directory, and a "built" binary in it.
 */
function createStore(name: string, binary = '#!/bin/sh\n'): { store: HarnessStore; run: string; built: string } {
  const project = createTemporaryDirectory(name);
  const run = createTemporaryDirectory('harness-run');
  const built = path.join(run, 'built-harness');
  writeFileSync(built, binary);
  return { store: selectHarnessStore(path.join(project, 'cargo-target'), path.join(project, 'cache'))!, run, built };
}

const ENTRY = { builds: 1, command: ['cargo', 'build'], exclusions: { specFunctions: [], clauses: [['vr_f0_ensures_0', 'error[E0308]'] as [string, string]], functions: [], probes: [] } };

describe('the harness build cache', () => {
  it('answers a stored key with its binary and what the build found, and nothing for another key', async () => {
    const { store, run, built } = createStore('harness-cache');
    const key = 'a'.repeat(64);
    await storeCachedHarness(store, key, built, ENTRY);
    const hit = await readCachedHarness(store, key, run);
    expect(hit).toMatchObject({ builds: 1, command: ['cargo', 'build'], exclusions: { clauses: [['vr_f0_ensures_0', 'error[E0308]']] } });
    // The binary that runs is the checked copy in the run's own directory, not the one in the shared target.
    expect(path.dirname(hit!.executable)).toBe(run);
    expect(readFileSync(hit!.executable, 'utf8')).toBe('#!/bin/sh\n');
    expect(await readCachedHarness(store, 'b'.repeat(64), run)).toBeNull();
  });

  it('refuses a cached binary rewritten after it was stored, says so and removes it; what the build found is read from the record', async () => {
    const { store, run, built } = createStore('harness-cache-tampered', '#!/bin/sh\necho real\n');
    const key = 'c'.repeat(64);
    await storeCachedHarness(store, key, built, ENTRY);
    const cached = path.join(store.targetDir, 'verus-repair-spec-harness', key);
    writeFileSync(path.join(cached, 'harness'), '#!/bin/sh\necho forged\n');
    writeFileSync(path.join(cached, 'build.json'), JSON.stringify({ ...ENTRY, exclusions: { ...ENTRY.exclusions, functions: [[0, 'forged']] } }));
    const said = takeRunNotices();
    try {
      expect(await readCachedHarness(store, key, run)).toBeNull();
      expect(said.notices.join('\n')).toMatch(/harness binary cached at .* is not the one built there .*check-spec builds the harness again/);
    } finally {
      said.restore();
    }
    expect(existsSync(cached)).toBe(false);
    // A forged build.json beside an intact binary changes nothing: the record outside the target says what the build found.
    await storeCachedHarness(store, key, built, ENTRY);
    writeFileSync(path.join(cached, 'build.json'), JSON.stringify({ ...ENTRY, exclusions: { ...ENTRY.exclusions, functions: [[0, 'forged']] } }));
    expect((await readCachedHarness(store, key, run))?.exclusions.functions).toEqual([]);
  });

  it('reuses nothing when the records would lie inside the target directory the sandbox writes', () => {
    const project = createTemporaryDirectory('harness-cache-inside');
    const said = takeRunNotices();
    try {
      expect(selectHarnessStore(path.join(project, 'target'), path.join(project, 'target', 'cache'))).toBeNull();
      expect(said.notices.join('\n')).toContain('reuses no harness build');
    } finally {
      said.restore();
    }
  });

  it(`keeps the ${HARNESS_CACHE_ENTRIES} most recently used builds and removes older ones`, async () => {
    const { store, run, built } = createStore('harness-cache-lru');
    const root = path.join(store.targetDir, 'verus-repair-spec-harness');
    const keys = Array.from({ length: HARNESS_CACHE_ENTRIES }, (_, index) => index.toString(16).padStart(64, '0'));
    mkdirSync(root, { recursive: true });
    for (const [index, key] of keys.entries()) {
      await storeCachedHarness(store, key, built, ENTRY);
      // Older uses first: entry 0 was used longest ago.
      utimesSync(path.join(root, key), new Date(1_000_000 + index * 1000), new Date(1_000_000 + index * 1000));
    }
    // Entry 0 is used again, so entry 1 is now the least recently used.
    await readCachedHarness(store, keys[0]!, run);
    await storeCachedHarness(store, 'f'.repeat(64), built, ENTRY);
    const kept = readdirSync(root).filter((name) => /^[0-9a-f]{64}$/.test(name));
    expect(kept).toHaveLength(HARNESS_CACHE_ENTRIES);
    expect(kept).toContain(keys[0]);
    expect(kept).not.toContain(keys[1]);
    expect(kept).toContain('f'.repeat(64));
  });
});
