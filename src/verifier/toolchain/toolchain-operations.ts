import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { runProcessJob } from '../run/run-process-job.js';
import type { ProcessOutcome } from '../run/process-outcome.js';
import { buildImageBuildJob } from './build-image-build-job.js';
import { checkVerusReleaseZip } from './check-verus-release-zip.js';
import { hashFile } from './hash-file.js';
import { hashToolchainPin } from './hash-toolchain-pin.js';
import { imageTagForPin } from './image-tag-for-pin.js';
import { PACKAGE_ROOT, PACKAGED_DOCKERFILE } from './packaged-paths.js';
import { planPinChanges, type PinRequest } from './plan-pin-changes.js';
import { loadToolchainPin, readToolchainPin } from './read-toolchain-pin.js';
import type { ToolchainPin } from './toolchain-pin.js';
import { updateToolchainPinText, type PinChange } from './update-toolchain-pin-text.js';

/** A pin as `toolchain show` prints it. */
export interface PinDescription {
  file: string;
  pin: ToolchainPin;
  pinHash: string;
  imageTag: string;
}

export async function describeToolchainPin(file: string): Promise<PinDescription> {
  const pin = await loadToolchainPin(file);
  return { file, pin, pinHash: hashToolchainPin(pin), imageTag: imageTagForPin(pin) };
}

/** Applies edits to the pin file atomically; the edited text must validate before it replaces the file. */
export async function changeToolchainPin(file: string, changes: PinChange[]): Promise<{ before: PinDescription; after: PinDescription }> {
  const before = await describeToolchainPin(file);
  const text = updateToolchainPinText(await readFile(file, 'utf8'), changes, file);
  const pin = readToolchainPin(text, file);
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await writeFile(temporary, text, 'utf8');
  await rename(temporary, file);
  return { before, after: { file, pin, pinHash: hashToolchainPin(pin), imageTag: imageTagForPin(pin) } };
}

/** `toolchain pin --release X --rust Y --vstd Z --z3 W`. */
export async function pinToolchain(file: string, request: PinRequest): Promise<{ before: PinDescription; after: PinDescription }> {
  return changeToolchainPin(file, planPinChanges(request));
}

/**
 * `toolchain lock --zip FILE`: checks that the file is the pinned release zip, then records its
 * sha256. Warns when the file name is not the pinned asset.
 */
export async function lockToolchainZip(file: string, zip: string): Promise<{ sha256: string; warnings: string[]; after: PinDescription }> {
  const pin = await loadToolchainPin(file);
  let sha256: string;
  try {
    sha256 = await hashFile(zip);
  } catch (error) {
    throw new ConfigurationError(`cannot read ${zip}: ${(error as Error).message}. Download ${pin.verus.url} first`);
  }
  checkVerusReleaseZip(zip, pin);
  const warnings = path.basename(zip) === pin.verus.asset ? [] : [`${zip} is not named ${pin.verus.asset}; make sure it is the pinned release`];
  const { after } = await changeToolchainPin(file, [{ table: 'verus', key: 'sha256', value: sha256 }]);
  return { sha256, warnings, after };
}

/** `toolchain build`: docker build of the pinned image, output streamed to the callbacks. */
export async function buildToolchainImage(
  file: string,
  options: { environment?: NodeJS.ProcessEnv; passEnv?: string[]; onOutput?: (chunk: Buffer) => void; signal?: AbortSignal; dockerProgram?: string } = {},
): Promise<{ imageTag: string; command: string[]; outcome: ProcessOutcome }> {
  const pin = await loadToolchainPin(file);
  const job = buildImageBuildJob(pin, {
    dockerfile: PACKAGED_DOCKERFILE,
    contextDir: PACKAGE_ROOT,
    environment: options.environment ?? process.env,
    pinFile: file,
    passEnv: options.passEnv ?? [],
    ...(options.dockerProgram === undefined ? {} : { dockerProgram: options.dockerProgram }),
  });
  const outcome = await runProcessJob(job, {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onOutput === undefined ? {} : { onStdout: options.onOutput, onStderr: options.onOutput }),
  });
  return { imageTag: imageTagForPin(pin), command: job.command, outcome };
}
