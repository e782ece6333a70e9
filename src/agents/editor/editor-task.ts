import type { Diagnostic } from '../../core/diagnostic.js';

/** The repair job the editor is given once, at the start of a run. */
export interface EditorTask {
  /** Echoed back in every submit_candidate call; constant for the run. */
  requestId: string;
  filePath: string;
  originalSource: string;
  /** The function(s) to repair. */
  targets: string[];
  diagnostics: readonly Diagnostic[];
}
