import { existsSync } from 'node:fs';
import path from 'node:path';
import { PACKAGED_PIN_FILE } from './packaged-paths.js';
import { REPOSITORY_PIN_PATH, type ResolvedPinFile } from './toolchain-pin-source.js';

/**
 * The pin in force for a repository: `verifier.pin_file` when set (resolved against the repository
 * root), else the repository's `verus-toolchain/pin.toml` when it exists, else the package default.
 */
export function resolveToolchainPinFile(repositoryRoot: string, configuredPinFile: string | undefined): ResolvedPinFile {
  if (configuredPinFile !== undefined) return { file: path.resolve(repositoryRoot, configuredPinFile), source: 'config' };
  const repositoryPin = path.join(repositoryRoot, REPOSITORY_PIN_PATH);
  if (existsSync(repositoryPin)) return { file: repositoryPin, source: 'repository' };
  return { file: PACKAGED_PIN_FILE, source: 'package' };
}
