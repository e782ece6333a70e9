import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The 74 real Verus outputs in ../shared/verus-outputs, read where they lie (never copied into the
 * project). A clone without ../shared beside it has no corpus: the tests that need it skip, and say
 * why in their name, instead of failing. CI lays ../shared beside its clone, so they run there.
 */
export const SHARED_CORPUS_DIRECTORY = fileURLToPath(new URL('../../../shared/verus-outputs/', import.meta.url));

export const SHARED_CORPUS_PRESENT = existsSync(`${SHARED_CORPUS_DIRECTORY}PROVENANCE.tsv`);

/** A suite title that says, when the corpus is absent, why the suite is skipped. */
export function sharedCorpusTitle(title: string): string {
  return SHARED_CORPUS_PRESENT ? title : `${title} [skipped: ${SHARED_CORPUS_DIRECTORY} is absent; these tests read the real Verus outputs from ../shared]`;
}
