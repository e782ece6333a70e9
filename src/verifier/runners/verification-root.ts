import path from 'node:path';
import { assertNever } from '../../core/assert-never.js';
import type { VerificationTarget } from '../../core/verifier.js';

/** The directory a run happens in (the crate, or the file's directory) and the file relative to it. */
export function locateVerificationRoot(target: VerificationTarget): { root: string; relativeFile: string | null } {
  switch (target.kind) {
    case 'crate':
    case 'module':
    case 'function':
      return { root: path.resolve(target.crateDir), relativeFile: null };
    case 'file':
      return { root: path.dirname(path.resolve(target.filePath)), relativeFile: path.basename(target.filePath) };
    default:
      return assertNever(target, 'verification target');
  }
}
