import { hashCanonicalSource } from './canonicalize-source.js';

/** Where an identical earlier version came from. */
export type IdenticalMatch = 'original' | { iteration: number };

/**
 * The canonical hashes of the original file and of every candidate proposed in this run, so that a
 * repeated candidate is answered with IDENTICAL instead of a verifier call.
 */
export class CandidateHistory {
  private readonly seen = new Map<string, IdenticalMatch>();

  constructor(originalSource: string) {
    this.seen.set(hashCanonicalSource(originalSource), 'original');
  }

  /** The earlier version this source repeats, or null if it is new. */
  findIdentical(source: string): { hash: string; match: IdenticalMatch | null } {
    const hash = hashCanonicalSource(source);
    return { hash, match: this.seen.get(hash) ?? null };
  }

  /** Remembers a proposed candidate (first occurrence wins). */
  remember(hash: string, iteration: number): void {
    if (!this.seen.has(hash)) this.seen.set(hash, { iteration });
  }
}
