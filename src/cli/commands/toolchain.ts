import type { Command } from 'commander';
import type { ResolvedPinFile } from '../../verifier/toolchain/toolchain-pin-source.js';
import { ConfigurationError } from '../../core/errors.js';
import { ExitError } from '../exit-error.js';

/** The pin in force: --pin-file, else verifier.pin_file, else the repository's verus-toolchain/pin.toml, else the package default. */
async function resolveToolchainSettings(explicit: string | undefined): Promise<{ pin: ResolvedPinFile; repositoryRoot: string; passEnv: string[] }> {
  const { findPinInForce } = await import('../../verifier/toolchain/find-pin-in-force.js');
  const path = await import('node:path');
  return findPinInForce(process.cwd(), explicit === undefined ? undefined : path.resolve(explicit));
}

/** The user's pin for `lock` and `pin`, created from the package default when the repository has none. */
async function resolveWritablePinFile(explicit: string | undefined): Promise<string> {
  if (explicit !== undefined) {
    // `lock` and `pin` rewrite this file: never one inside .git or a device (issue 18, item 5).
    const { checkOutputPath } = await import('../check-output-path.js');
    await checkOutputPath({ option: '--pin-file', path: explicit, kind: 'file' });
  }
  const { ensureUserPin } = await import('../../verifier/toolchain/ensure-user-pin.js');
  const { pin, repositoryRoot } = await resolveToolchainSettings(explicit);
  const writable = await ensureUserPin(pin, repositoryRoot);
  if (writable.createdFrom !== null) process.stdout.write(`created ${writable.file} from the package default (${writable.createdFrom}); commit it with your code\n`);
  return writable.file;
}

/** `--zip` must be a regular file: /dev/zero would be hashed forever and a FIFO never opens. */
async function refuseNonRegularZip(zip: string): Promise<void> {
  const { stat } = await import('node:fs/promises');
  const { describeFileType } = await import('../../verifier/toolchain/open-regular-file.js');
  const info = await stat(zip).catch(() => null);
  if (info !== null && !info.isFile()) throw new ConfigurationError(`--zip ${zip} is not a regular file (${describeFileType(info)}); give the downloaded release zip`);
}

const PIN_FILE_HELP = "pin file (default: verifier.pin_file, else the repository's verus-toolchain/pin.toml, else the package default)";

/** `toolchain show|pin|lock|build`: inspect and change verus-toolchain/pin.toml, and build the pinned image. */
export function defineToolchainCommand(program: Command): void {
  const toolchain = program
    .command('toolchain')
    .description('show or change the pinned Verus toolchain (verus-toolchain/pin.toml) and build its Docker image');

  toolchain
    .command('show')
    .option('--pin-file <file>', PIN_FILE_HELP)
    .option('--json', 'print one JSON object')
    .description('print the pin, its hash and the image tag derived from it')
    .action(async (options: { pinFile?: string; json?: boolean }) => {
      const { describeToolchainPin } = await import('../../verifier/toolchain/toolchain-operations.js');
      const { describePinSource } = await import('../../verifier/toolchain/toolchain-pin-source.js');
      const { pin: resolved } = await resolveToolchainSettings(options.pinFile);
      const description = await describeToolchainPin(resolved.file);
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify({ ...description, source: resolved.source })}\n`);
        return;
      }
      const { pin } = description;
      process.stdout.write(
        [
          `pin file:    ${description.file}`,
          `in force:    ${describePinSource(resolved)}`,
          `verus:       ${pin.verus.release} (${pin.verus.asset})`,
          `url:         ${pin.verus.url}`,
          `zip sha256:  ${pin.verus.sha256 === '' ? '(not locked: run `verus-repair toolchain lock --zip FILE`)' : pin.verus.sha256}`,
          `rust:        ${pin.rust.triple}`,
          `rustup:      ${pin.rustup.version}`,
          `z3:          ${pin.z3.version}`,
          `vstd:        ${pin.vstd.version}`,
          `base image:  ${pin.image.base}`,
          `pin hash:    ${description.pinHash}`,
          `image tag:   ${description.imageTag}`,
        ].join('\n') + '\n',
      );
    });

  toolchain
    .command('pin')
    .option('--pin-file <file>', PIN_FILE_HELP)
    .option('--release <version>', 'Verus release, e.g. 0.2026.06.07.cd03505 (clears the zip sha256)')
    .option('--rust <version>', 'Rust toolchain the release was built for, e.g. 1.95.0')
    .option('--vstd <version>', 'crates.io vstd paired with the release, e.g. 0.0.0-2026-05-31-0205')
    .option('--z3 <version>', 'Z3 version bundled with the release, e.g. 4.12.5')
    .description('change the pin in one command; the image tag changes with it')
    .action(async (options: { pinFile?: string; release?: string; rust?: string; vstd?: string; z3?: string }) => {
      const { pinToolchain } = await import('../../verifier/toolchain/toolchain-operations.js');
      const { before, after } = await pinToolchain(await resolveWritablePinFile(options.pinFile), {
        ...(options.release === undefined ? {} : { release: options.release }),
        ...(options.rust === undefined ? {} : { rust: options.rust }),
        ...(options.vstd === undefined ? {} : { vstd: options.vstd }),
        ...(options.z3 === undefined ? {} : { z3: options.z3 }),
      });
      process.stdout.write(`pinned ${after.file}\nimage tag: ${before.imageTag} -> ${after.imageTag}\n`);
      if (after.pin.verus.sha256 === '') process.stdout.write(`next: download ${after.pin.verus.url}\n      then run: verus-repair toolchain lock --zip ${after.pin.verus.asset}\n`);
    });

  toolchain
    .command('lock')
    .requiredOption('--zip <file>', 'the downloaded release zip')
    .option('--pin-file <file>', PIN_FILE_HELP)
    .description('record the sha256 of the release zip in the pin (the image build checks it before unzipping)')
    .action(async (options: { zip: string; pinFile?: string }) => {
      const { lockToolchainZip } = await import('../../verifier/toolchain/toolchain-operations.js');
      // Before the pin is resolved (which may create the repository's pin file): a device or FIFO is never read.
      await refuseNonRegularZip(options.zip);
      const locked = await lockToolchainZip(await resolveWritablePinFile(options.pinFile), options.zip);
      for (const warning of locked.warnings) process.stderr.write(`verus-repair: warning: ${warning}\n`);
      process.stdout.write(`sha256 ${locked.sha256} recorded in ${locked.after.file}\nimage tag: ${locked.after.imageTag}\n`);
    });

  toolchain
    .command('build')
    .option('--pin-file <file>', PIN_FILE_HELP)
    .description('docker build the pinned image (output is streamed)')
    .action(async (options: { pinFile?: string }) => {
      const { buildToolchainImage } = await import('../../verifier/toolchain/toolchain-operations.js');
      const { withInterruptSignal } = await import('../interrupt-signal.js');
      await withInterruptSignal('verus-repair: interrupted; docker build was stopped', async (signal) => {
        const { pin, passEnv } = await resolveToolchainSettings(options.pinFile);
        process.stderr.write(`verus-repair: building with the package's Dockerfile and the pin ${pin.file}\n`);
        const built = await buildToolchainImage(pin.file, { passEnv, onOutput: (chunk) => process.stderr.write(chunk), signal });
        signal.throwIfAborted();
        const { outcome } = built;
        if (outcome.kind === 'exited' && outcome.exitCode === 0) {
          process.stdout.write(`built ${built.imageTag}\n`);
          return;
        }
        const why = outcome.kind === 'exited' ? `docker build exited ${String(outcome.exitCode)}` : outcome.kind === 'spawn-failed' ? `docker could not start (${outcome.message})` : `docker build ${outcome.kind}`;
        throw new ExitError(3, `verus-repair: ${why}; the image ${built.imageTag} was not built`);
      });
    });
}
