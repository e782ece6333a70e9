import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import type { CrateCopy } from './copy-crate-for-cargo.js';

export type LockJudgement = 'current' | 'stale' | 'none' | 'not-judged';

/**
 * Whether cargo rewrote the copy's Cargo.lock, i.e. the user's lock is stale (cargo would rewrite
 * it in place). The package of the crate itself is compared without its name: a scratch copy of a
 * crate is renamed (isolateScratchPackage) and its lock then names the new package, which is no
 * staleness of the user's lock. `none`: the crate had no lock (cargo created one in the copy).
 */
export async function judgeLockFile(copy: CrateCopy): Promise<LockJudgement> {
  if (copy.ownLock === null) return 'none';
  let after: Uint8Array;
  try {
    after = await readFile(path.join(copy.directory, 'Cargo.lock'));
  } catch {
    return 'not-judged'; // cargo stopped before resolving (a broken manifest): nothing to say about the lock.
  }
  if (Buffer.compare(Buffer.from(after), Buffer.from(copy.ownLock)) === 0) return 'current';
  const before = canonicalLock(copy.ownLock);
  return before !== null && before === canonicalLock(after) ? 'current' : 'stale';
}

function canonicalLock(bytes: Uint8Array): string | null {
  try {
    const lock = parse(new TextDecoder().decode(bytes)) as { package?: Array<Record<string, unknown>> };
    const packages = (lock.package ?? []).map((entry) => (entry['source'] === undefined ? { ...entry, name: '<path package>' } : entry));
    return JSON.stringify({ ...lock, package: packages.map((entry) => JSON.stringify(entry)).sort() });
  } catch {
    return null;
  }
}
