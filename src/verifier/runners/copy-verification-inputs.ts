import { chmod, copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { VerificationInputs } from '../cache/verification-inputs.js';

/**
 * Copies exactly the listed inputs into a fresh temporary directory, world-readable so the
 * container's non-root user can read the read-only mount. The caller removes the directory.
 */
export async function copyVerificationInputs(inputs: VerificationInputs): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'verus-repair-crate-'));
  await chmod(directory, 0o755);
  for (const file of inputs.files) {
    const destination = path.join(directory, ...file.split('/'));
    await mkdir(path.dirname(destination), { recursive: true, mode: 0o755 });
    await copyFile(path.join(inputs.root, ...file.split('/')), destination);
    await chmod(destination, 0o644);
  }
  return directory;
}
