import { decodeSourceBytes, parseVerusSource, type VerusFileIr } from '../../../ir/index.js';

/** The IR of each `.rs` file of a crate's file map; a file the parser refuses is left out (no rule or fix reads it). */
export async function parseCrateSources(files: ReadonlyMap<string, Uint8Array>): Promise<Map<string, VerusFileIr>> {
  const parsed = new Map<string, VerusFileIr>();
  for (const [file, bytes] of files) {
    if (!file.endsWith('.rs')) continue;
    try {
      parsed.set(file, await parseVerusSource(decodeSourceBytes(bytes, file), { file, requireVerus: false }));
    } catch {
      // An unparseable file is the build's to report; the rules then cannot explain errors in it.
    }
  }
  return parsed;
}
