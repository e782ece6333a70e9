import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';

/**
 * Refuses a file `init` would write when it (or a directory on its path) is a symbolic link leading
 * outside the repository: writing through it would change a file the user never named, in a place
 * `init` does not report. A link that stays inside the repository is followed as usual. Called for
 * every target before anything is written.
 */
export async function checkWriteInsideRepository(file: string, repositoryRoot: string): Promise<void> {
  const root = await realpath(repositoryRoot);
  const link = await symbolicLinkTarget(file);
  const resolved = link ?? (await resolveExistingPrefix(file));
  if (isInside(resolved, root)) return;
  const how = link === null ? `resolves to ${resolved} through a symbolic link on its path` : `is a symbolic link to ${link}`;
  throw new ConfigurationError(
    `${file} ${how}, outside the repository ${root}; init writes only inside the repository: make the change in ${resolved} yourself, or replace the link with a file`,
  );
}

/** The absolute, resolved target when `file` itself is a symbolic link (also a dangling one), else null. */
async function symbolicLinkTarget(file: string): Promise<string | null> {
  const status = await lstat(file).catch(() => null);
  if (status === null || !status.isSymbolicLink()) return null;
  const target = await realpath(file).catch(async () => path.resolve(path.dirname(file), await readlink(file)));
  return resolveExistingPrefix(target);
}

/** `file` with its longest existing ancestor resolved (a file not yet created lands where its directory really is). */
async function resolveExistingPrefix(file: string): Promise<string> {
  const absolute = path.resolve(file);
  const missing: string[] = [];
  let existing = absolute;
  for (;;) {
    const real = await realpath(existing).catch(() => null);
    if (real !== null) return path.join(real, ...missing.reverse());
    const parent = path.dirname(existing);
    if (parent === existing) return absolute;
    missing.push(path.basename(existing));
    existing = parent;
  }
}

function isInside(file: string, root: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}
