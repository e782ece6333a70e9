import { createHash } from 'node:crypto';

export interface CheckedFile {
  /** Path relative to the repository root, with forward slashes. */
  path: string;
  bytes: Uint8Array;
}

/**
 * sha256 over the exact checked files in canonical order (sorted by path). Each file contributes
 * its path, its length and its bytes, so no two different file sets can share a preimage.
 */
export function computeSourceSha256(files: readonly CheckedFile[]): string {
  const hash = createHash('sha256');
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted) {
    hash.update(`${file.path}\0${file.bytes.byteLength}\0`);
    hash.update(file.bytes);
  }
  return hash.digest('hex');
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return inner;
  });
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
