import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheEntrySchema, type CacheEntry } from './cache-entry.js';

/** The answer to a lookup. A corrupt entry is reported, and counts as a miss. */
export type CacheLookup = { kind: 'hit'; entry: CacheEntry } | { kind: 'miss' } | { kind: 'corrupt'; file: string; reason: string };

/** Counters for one cache instance; printed by `verify` and by the repair loop's summary. */
export interface CacheStatistics {
  hits: number;
  misses: number;
  corrupt: number;
  stores: number;
}

/**
 * Verdicts stored by content key under `<directory>/<first 2 hex>/<key>.json`, written atomically
 * (a temporary file renamed into place), so concurrent runs and crashes never leave half a file.
 */
export class ResultCache {
  readonly statistics: CacheStatistics = { hits: 0, misses: 0, corrupt: 0, stores: 0 };

  constructor(readonly directory: string) {}

  entryPath(key: string): string {
    return path.join(this.directory, key.slice(0, 2), `${key}.json`);
  }

  async lookup(key: string): Promise<CacheLookup> {
    const file = this.entryPath(key);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return this.countCorrupt(file, `unreadable: ${(error as Error).message}`);
      this.statistics.misses += 1;
      return { kind: 'miss' };
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      return this.countCorrupt(file, `not JSON: ${(error as Error).message}`);
    }
    const parsed = cacheEntrySchema.safeParse(document);
    if (!parsed.success) return this.countCorrupt(file, `unexpected shape at ${parsed.error.issues[0]?.path.join('.') ?? '?'}`);
    if (parsed.data.key !== key) return this.countCorrupt(file, `holds key ${parsed.data.key}`);
    this.statistics.hits += 1;
    return { kind: 'hit', entry: parsed.data as unknown as CacheEntry };
  }

  async store(entry: CacheEntry): Promise<void> {
    const file = this.entryPath(entry.key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, `${JSON.stringify(entry)}\n`, 'utf8');
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    this.statistics.stores += 1;
  }

  private countCorrupt(file: string, reason: string): CacheLookup {
    this.statistics.corrupt += 1;
    this.statistics.misses += 1;
    return { kind: 'corrupt', file, reason };
  }
}
