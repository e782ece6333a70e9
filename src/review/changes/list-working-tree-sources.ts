import type { CrateFiles } from '../../repair/setup/crate-snapshot.js';

/** The crate's Rust sources under `src/` as text, by crate-relative path (the files the review reads). */
export function listWorkingTreeSources(crateFiles: CrateFiles): Map<string, string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const sources = new Map<string, string>();
  for (const [file, bytes] of crateFiles) if (file.startsWith('src/') && file.endsWith('.rs')) sources.set(file, decoder.decode(bytes));
  return sources;
}
