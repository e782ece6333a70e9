import { isOutputJsonDocument, readOutputJson } from './read-output-json.js';
import type { VerusBuildInfo } from './verus-output-json.js';

/**
 * The `verus` block of `verus --version --output-json` (a release zip's version.json holds the
 * same document); null when the text is not such a document.
 */
export function readVerusBuildInfo(text: string): VerusBuildInfo | null {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return null;
  }
  return isOutputJsonDocument(document) ? readOutputJson(document).outputJson.verus : null;
}
