import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { PACKAGED_PIN_FILE } from './packaged-paths.js';
import { REPOSITORY_PIN_PATH, type ResolvedPinFile } from './toolchain-pin-source.js';

/** The pin `toolchain lock`/`pin` may change, and whether it was just created from the package default. */
export interface WritablePin {
  file: string;
  createdFrom: string | null;
}

/**
 * `toolchain lock` and `toolchain pin` change the user's pin only. With none yet, the package's
 * default is copied to `<repository>/verus-toolchain/pin.toml` first (a package under node_modules is
 * replaced at the next install, and the pin belongs with the code it verifies). A pin file inside
 * node_modules is refused.
 */
export async function ensureUserPin(resolved: ResolvedPinFile, repositoryRoot: string): Promise<WritablePin> {
  if (resolved.source !== 'package') {
    refuseNodeModules(resolved.file);
    return { file: resolved.file, createdFrom: null };
  }
  const file = path.join(repositoryRoot, REPOSITORY_PIN_PATH);
  refuseNodeModules(file);
  await mkdir(path.dirname(file), { recursive: true });
  await copyFile(PACKAGED_PIN_FILE, file);
  return { file, createdFrom: PACKAGED_PIN_FILE };
}

function refuseNodeModules(file: string): void {
  if (path.resolve(file).split(path.sep).includes('node_modules')) {
    throw new ConfigurationError(
      `${file}: refusing to change a pin inside node_modules (it is lost at the next install and not versioned with your code). Run the command in your repository, whose ${REPOSITORY_PIN_PATH} it creates, or pass --pin-file verus-toolchain/pin.toml`,
    );
  }
}
