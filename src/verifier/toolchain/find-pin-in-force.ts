import { loadVerifierConfig } from '../config/read-verifier-config.js';
import { findProjectRoot } from '../find-project-root.js';
import type { ResolvedPinFile } from './toolchain-pin-source.js';

/** The pin in force for commands run from `directory`: `--pin-file`, else what the repository's configuration resolves. */
export async function findPinInForce(directory: string, explicit: string | undefined): Promise<{ pin: ResolvedPinFile; repositoryRoot: string; passEnv: string[] }> {
  const repositoryRoot = await findProjectRoot(directory);
  const { config } = await loadVerifierConfig(repositoryRoot);
  return { pin: explicit === undefined ? config.pin : { file: explicit, source: 'option' }, repositoryRoot, passEnv: config.passEnv };
}
