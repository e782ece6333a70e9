import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceLineReader } from './render-diagnostic-groups.js';

/** Reads source lines relative to `root`, caching each file; unreadable files give null. */
export function createSourceLineReader(root: string): SourceLineReader {
  const files = new Map<string, string[] | null>();
  return (file, line) => {
    const absolute = path.resolve(root, file);
    if (!files.has(absolute)) {
      try {
        files.set(absolute, readFileSync(absolute, 'utf8').split('\n'));
      } catch {
        files.set(absolute, null);
      }
    }
    return files.get(absolute)?.[line - 1] ?? null;
  };
}
