import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IN_CI } from './ci-environment.js';

/**
 * The 74 real Verus outputs in ../shared/verus-outputs (VERUS_OUTPUTS_DIR overrides), read where they lie (never
 * copied into the project). A clone without ../shared beside it has no corpus: outside CI, the tests that need it
 * skip, and say why in their name. CI lays ../shared beside its clone, so there an absent corpus fails every suite
 * that imports this module (test/ci/environment-skips.test.ts).
 */
export const SHARED_CORPUS_DIRECTORY = withTrailingSeparator(process.env['VERUS_OUTPUTS_DIR'] ?? fileURLToPath(new URL('../../../shared/verus-outputs/', import.meta.url)));

export const SHARED_CORPUS_PRESENT = existsSync(`${SHARED_CORPUS_DIRECTORY}PROVENANCE.tsv`);

const ABSENT = `${SHARED_CORPUS_DIRECTORY} is absent; these tests read the real Verus outputs from ../shared`;

if (!SHARED_CORPUS_PRESENT && IN_CI) throw new Error(`CI is set and ${ABSENT} (lay ../shared beside the clone, or set VERUS_OUTPUTS_DIR)`);

/** A suite title that says, when the corpus is absent, why the suite is skipped. */
export function sharedCorpusTitle(title: string): string {
  return SHARED_CORPUS_PRESENT ? title : `${title} [skipped: ${ABSENT}]`;
}

function withTrailingSeparator(directory: string): string {
  return directory.endsWith(path.sep) ? directory : `${directory}${path.sep}`;
}
