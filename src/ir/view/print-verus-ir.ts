import type { VerusFileIr } from '../verus-file-ir.js';

/** The file's text. The IR keeps its source, so an unedited IR prints back byte for byte; edits go through applyTextEdits. */
export function printVerusIr(ir: VerusFileIr): string {
  return ir.source.text;
}
