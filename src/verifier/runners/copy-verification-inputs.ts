import { chmod, copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { describeUncarriedInputs } from '../cache/list-outside-inputs.js';
import type { VerificationInputs } from '../cache/verification-inputs.js';
import { makeManifestSelfContained } from '../sandbox/make-manifest-self-contained.js';

/**
 * Copies exactly the listed inputs into a fresh temporary directory, world-readable so the
 * container's non-root user can read the read-only mount. The caller removes the directory.
 * A workspace member is made to build alone there: its manifest self-contained (inherited keys
 * resolved, the root's profiles: makeManifestSelfContained) and its workspace's Cargo.lock beside
 * it. Path dependencies outside the crate cannot be mounted: a ConfigurationError says so first.
 */
export async function copyVerificationInputs(inputs: VerificationInputs): Promise<string> {
  const uncarried = describeUncarriedInputs(inputs.root, inputs.outside, 'the Docker runner', { resolvesInheritance: true });
  if (uncarried !== null) throw new ConfigurationError(uncarried);
  const manifest = inputs.outside?.workspaceManifest == null ? null : (await makeManifestSelfContained(await readFile(path.join(inputs.root, 'Cargo.toml'), 'utf8'), inputs.root)).manifest;
  const directory = await mkdtemp(path.join(os.tmpdir(), 'verus-repair-crate-'));
  await chmod(directory, 0o755);
  const place = async (file: string, write: (destination: string) => Promise<void>) => {
    const destination = path.join(directory, ...file.split('/'));
    await mkdir(path.dirname(destination), { recursive: true, mode: 0o755 });
    await write(destination);
    await chmod(destination, 0o644);
  };
  for (const file of inputs.files) {
    await place(file, (destination) => (file === 'Cargo.toml' && manifest !== null ? writeFile(destination, manifest) : copyFile(path.join(inputs.root, ...file.split('/')), destination)));
  }
  const workspaceLock = inputs.files.includes('Cargo.lock') ? undefined : inputs.outside?.files.find((file) => path.basename(file) === 'Cargo.lock');
  if (workspaceLock !== undefined) await place('Cargo.lock', (destination) => copyFile(workspaceLock, destination));
  return directory;
}
