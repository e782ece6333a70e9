import { createGhostStrippedView, createSpecView, type VerusFileIr } from '../ir/index.js';
import { normalizeExecTokens } from '../guard/normalize-exec-tokens.js';

/**
 * The guard's proof that a mutant changed executable code only: every function's spec view
 * (signature, attributes, clauses, spec bodies) is the original's, and the mutated function's exec
 * view differs. A rewrite that fails this (a token the exec mask missed) is dropped, never run.
 */
export function checkMutantViews(original: VerusFileIr, mutated: VerusFileIr, functionName: string): boolean {
  if (original.functions.length !== mutated.functions.length) return false;
  for (let index = 0; index < original.functions.length; index++) {
    const before = original.functions[index];
    const after = mutated.functions[index];
    if (before === undefined || after === undefined || before.qualifiedName !== after.qualifiedName) return false;
    if (createSpecView(original, before).text !== createSpecView(mutated, after).text) return false;
    if (before.loops.length !== after.loops.length || before.proofStatements.length !== after.proofStatements.length) return false;
    const execBefore = normalizeExecTokens(createGhostStrippedView(original, before).tokens).join(' ');
    const execAfter = normalizeExecTokens(createGhostStrippedView(mutated, after).tokens).join(' ');
    if ((before.qualifiedName === functionName) !== (execBefore !== execAfter)) return false;
  }
  return true;
}
