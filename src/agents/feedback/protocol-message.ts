import type { Diagnostic } from '../../core/diagnostic.js';

/**
 * Messages about the protocol rather than the proof: the candidate never reached the verifier.
 * Each has its own template in prompts/.
 */
export type ProtocolMessage =
  | { kind: 'format-error'; problem: string; requestId: string }
  | { kind: 'identical-candidate'; matches: 'original' | { iteration: number } }
  | { kind: 'guard-rejection'; rule: string; details: string }
  | { kind: 'precheck-failure'; diagnostics: readonly Diagnostic[] };
