import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';

/** The absolute crate directory `repair` was given, or a ConfigurationError saying why it cannot be one. */
export async function resolveCrateDirectory(crate: string): Promise<string> {
  const crateDir = path.resolve(crate);
  const found = await stat(crateDir).catch((error: NodeJS.ErrnoException) => error);
  if (found instanceof Error) {
    if (found.code === 'ENOENT') throw new ConfigurationError(`the crate directory ${crate} does not exist`);
    throw new ConfigurationError(`cannot read the crate directory ${crate} (${found.code ?? found.message})`);
  }
  if (!found.isDirectory()) throw new ConfigurationError(`${crate} is not a directory; name the crate directory (the one holding Cargo.toml)`);
  return crateDir;
}
