import { copyFile, lstat, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';
import { CONFIG_FILE_NAME, loadVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { PACKAGED_PIN_FILE } from '../verifier/toolchain/packaged-paths.js';
import { loadToolchainPin } from '../verifier/toolchain/read-toolchain-pin.js';
import { REPOSITORY_PIN_PATH } from '../verifier/toolchain/toolchain-pin-source.js';
import { applyCrateChanges } from './apply-crate-changes.js';
import { describeCrateChange } from './crate-change.js';
import { checkWriteInsideRepository } from './check-write-inside-repository.js';
import { ensureGitIgnore, gitIgnoreHasLocalState, LOCAL_STATE_PATTERN } from './ensure-git-ignore.js';
import { findGitRoot } from './find-git-root.js';
import type { InitReport, InitStep } from './init-step.js';
import { planCrateChanges } from './plan-crate-changes.js';
import { readCrateManifest } from './read-crate-manifest.js';
import { renderConfigTemplate } from './render-config-template.js';

/**
 * `verus-repair init [CRATE]`: checks everything first (a git repository, a crate manifest, a
 * readable configuration and pin), then writes what is missing at the repository root
 * (verus-repair.toml, verus-toolchain/pin.toml, the .gitignore line) without overwriting anything,
 * and checks the crate against the pin, changing Cargo.toml only with `fix`.
 */
export async function initRepository(crate: string, options: { fix: boolean }): Promise<InitReport> {
  const crateDir = path.resolve(crate);
  if (!(await isDirectory(crateDir))) throw new ConfigurationError(`${crateDir}: not a directory; pass the directory of a Verus crate`);
  const repositoryRoot = await findGitRoot(crateDir);
  if (repositoryRoot === null) {
    throw new ConfigurationError(`${crateDir} is not inside a git repository (verus-repair keeps its proof ledger in git); run \`git init\` there first`);
  }
  const manifest = await readCrateManifest(crateDir);
  const { config } = await loadVerifierConfig(repositoryRoot);
  const pin = await loadToolchainPin(config.pin.file);
  const relative = (file: string): string => path.relative(repositoryRoot, file) || '.';
  const steps: InitStep[] = [];
  const configFile = path.join(repositoryRoot, CONFIG_FILE_NAME);
  const pinFile = path.join(repositoryRoot, REPOSITORY_PIN_PATH);
  const { changes, notes } = planCrateChanges(manifest, pin.vstd.version);
  const fixedManifest = changes.length > 0 && options.fix ? applyCrateChanges(manifest.text, changes, manifest.file) : null;
  // Every file init may write is checked before the first write. The config and the pin are created
  // exclusively (an existing file or link is left alone), but the pin's directory may be a link.
  const targets = [
    ...(config.pin.source === 'config' || (await lstat(pinFile).catch(() => null)) !== null ? [] : [pinFile]),
    ...((await gitIgnoreHasLocalState(repositoryRoot)) ? [] : [path.join(repositoryRoot, '.gitignore')]),
    ...(fixedManifest === null ? [] : [manifest.file]),
  ];
  for (const target of targets) await checkWriteInsideRepository(target, repositoryRoot);
  steps.push((await createIfAbsent(configFile, () => writeFile(configFile, renderConfigTemplate(), { flag: 'wx' })))
    ? { path: CONFIG_FILE_NAME, status: 'created', detail: 'every section with its defaults, commented; [model] name = "gpt-4o-mini" is a placeholder: set your model' }
    : { path: CONFIG_FILE_NAME, status: 'left-alone', detail: 'it exists' });

  if (config.pin.source === 'config') {
    steps.push({ path: relative(config.pin.file), status: 'left-alone', detail: 'verifier.pin_file in verus-repair.toml names this pin' });
  } else if (await createIfAbsent(pinFile, async () => {
    await mkdir(path.dirname(pinFile), { recursive: true });
    await copyFile(PACKAGED_PIN_FILE, pinFile, 1 /* COPYFILE_EXCL */);
  })) {
    steps.push({ path: REPOSITORY_PIN_PATH, status: 'created', detail: `the package default (Verus ${pin.verus.release}); commit it so everyone verifies with the same toolchain` });
  } else {
    steps.push({ path: REPOSITORY_PIN_PATH, status: 'left-alone', detail: 'it exists' });
  }

  const ignored = await ensureGitIgnore(repositoryRoot);
  steps.push({ path: '.gitignore', status: ignored === 'present' ? 'left-alone' : ignored, detail: ignored === 'present' ? `already ignores ${LOCAL_STATE_PATTERN}` : `${LOCAL_STATE_PATTERN} (runs, worktrees and the verdict cache are local)` });

  const manifestPath = relative(manifest.file);
  if (fixedManifest !== null) await writeFile(manifest.file, fixedManifest);
  for (const change of changes) steps.push({ path: manifestPath, status: options.fix ? 'changed' : 'would-change', detail: describeCrateChange(change) });
  for (const note of notes) steps.push({ path: manifestPath, status: 'note', detail: note });
  if (changes.length === 0) steps.push({ path: manifestPath, status: 'ok', detail: `vstd and [package.metadata.verus] match the pin (vstd ${pin.vstd.version})` });
  return { repositoryRoot, crateDir, crateName: manifest.name, pinFile: config.pin.source === 'config' ? config.pin.file : pinFile, steps, crateReady: changes.length === 0 || options.fix };
}

/** Runs `create` unless the file exists; false when it was left alone (also when it appeared meanwhile). */
async function createIfAbsent(file: string, create: () => Promise<void>): Promise<boolean> {
  try {
    await create();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function isDirectory(directory: string): Promise<boolean> {
  try {
    return (await stat(directory)).isDirectory();
  } catch {
    return false;
  }
}
