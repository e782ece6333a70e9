import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CacheEntry } from './cache-entry.js';
import { CACHE_FORMAT } from './compute-cache-key.js';
import { ResultCache } from './result-cache.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const key = 'ab'.padEnd(64, '0');
const entry: CacheEntry = {
  format: CACHE_FORMAT,
  key,
  storedAt: '2026-06-08T00:00:00.000Z',
  result: {
    status: 'failed',
    toolchain: { verusVersion: '0.2026.06.07.cd03505', pinHash: 'p', imageDigest: null },
    command: ['verus', 'lib.rs'],
    wallTimeMs: 1234,
    origin: { kind: 'docker', image: 'verus-repair/verus:p', digest: null, verusVersion: '0.2026.06.07.cd03505' },
    functions: [{ function: 'lib::f', module: 'lib', mode: 'Exec', success: false, timeMs: 3, rlimit: 10 }],
    diagnostics: [
      {
        kind: 'postcondition',
        message: 'postcondition not satisfied',
        severity: 'error',
        code: null,
        origin: 'verus',
        primary: { file: 'lib.rs', line: 6, column: 17, lineEnd: 6, columnEnd: 28, byteStart: 96, byteEnd: 107, label: 'failed this postcondition', sourceText: null },
        secondary: [],
        notes: [],
        expansion: null,
        function: null,
        location: null,
      },
    ],
  },
  precheck: null,
  report: '{"diagnostics":[]}',
};

function freshCache(): ResultCache {
  return new ResultCache(path.join(createTemporaryDirectory('cache'), '.verus-repair', 'cache'));
}

describe('ResultCache', () => {
  it('misses, stores atomically under <2 hex>/<key>.json, then hits with the same entry', async () => {
    const cache = freshCache();
    expect(await cache.lookup(key)).toEqual({ kind: 'miss' });
    await cache.store(entry);
    expect(readdirSync(path.join(cache.directory, 'ab'))).toEqual([`${key}.json`]);
    expect(await cache.lookup(key)).toEqual({ kind: 'hit', entry });
    expect(cache.statistics).toEqual({ hits: 1, misses: 1, corrupt: 0, stores: 1 });
  });

  it.each([
    ['truncated JSON', (text: string) => text.slice(0, text.length / 2), /not JSON/],
    ['a wrong shape', (text: string) => text.replace('"status":"failed"', '"status":"timeout"'), /unexpected shape at result\.status/],
    ['another key', (text: string) => text.replace(`"key":"${key}"`, `"key":"${'cd'.padEnd(64, '0')}"`), /holds key cd0/],
    ['binary garbage', () => '\u0000\u00ff\u0001', /not JSON/],
    ['an unknown diagnostic kind', (text: string) => text.replace('"kind":"postcondition"', '"kind":"made-up"'), /unexpected shape/],
    // Format 1 stored `provenance` (which said "real" for fakes) and no origin: never served as a hit with a made-up label.
    ['a verdict without its origin', (text: string) => text.replace(/"origin":\{"kind":"docker"[^}]*\},/, '"provenance":"real",'), /unexpected shape at result\.origin/],
    ['an origin of an unknown kind', (text: string) => text.replace('"kind":"docker"', '"kind":"real"'), /unexpected shape at result\.origin/],
  ])('treats %s as a corrupt entry: a reported miss, never a crash', async (_label, corrupt, reason) => {
    const cache = freshCache();
    await cache.store(entry);
    const file = cache.entryPath(key);
    writeFileSync(file, corrupt(readFileSync(file, 'utf8')));
    const lookup = await cache.lookup(key);
    expect(lookup).toMatchObject({ kind: 'corrupt', file });
    if (lookup.kind === 'corrupt') expect(lookup.reason).toMatch(reason);
    expect(cache.statistics).toMatchObject({ corrupt: 1, misses: 1, hits: 0 });
  });

  it('reports an unreadable entry (a directory in its place) as corrupt', async () => {
    const cache = freshCache();
    mkdirSync(cache.entryPath(key), { recursive: true });
    expect((await cache.lookup(key)).kind).toBe('corrupt');
  });
});
