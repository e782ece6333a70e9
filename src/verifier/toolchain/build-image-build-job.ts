import { ConfigurationError } from '../../core/errors.js';
import type { ProcessJob } from '../jobs/process-job.js';
import { DOCKER_CLIENT_ENVIRONMENT_ALLOW_LIST, selectEnvironment } from '../jobs/select-environment.js';
import { hashToolchainPin } from './hash-toolchain-pin.js';
import { imageTagForPin } from './image-tag-for-pin.js';
import type { ToolchainPin } from './toolchain-pin.js';

/** The Dockerfile's build arguments, all taken from the pin (the Dockerfile has no defaults for them). */
export function buildArgumentsForPin(pin: ToolchainPin): Record<string, string> {
  return {
    BASE_IMAGE: pin.image.base,
    VERUS_RELEASE: pin.verus.release,
    VERUS_ASSET: pin.verus.asset,
    VERUS_URL: pin.verus.url,
    VERUS_SHA256: pin.verus.sha256,
    RUST_TOOLCHAIN: pin.rust.triple,
    RUSTUP_VERSION: pin.rustup.version,
    RUSTUP_SHA256: pin.rustup.sha256,
    Z3_VERSION: pin.z3.version,
    VSTD_VERSION: pin.vstd.version,
    PIN_HASH: hashToolchainPin(pin),
  };
}

/**
 * `docker build` for the pinned image (pure): every build argument from the pin, tagged with the
 * pin-derived tag and labelled with the pin hash. Refuses an unlocked pin (empty sha256) before
 * docker runs; the Dockerfile refuses it too.
 */
export function buildImageBuildJob(
  pin: ToolchainPin,
  settings: { dockerfile: string; contextDir: string; environment: NodeJS.ProcessEnv; passEnv: string[]; dockerProgram?: string; pinFile: string },
): ProcessJob {
  if (pin.verus.sha256 === '') {
    throw new ConfigurationError(
      `${settings.pinFile}: verus.sha256 is empty, so the release zip cannot be checked. Download ${pin.verus.url} and record its hash with: verus-repair toolchain lock --zip ${pin.verus.asset}`,
    );
  }
  const buildArguments = Object.entries(buildArgumentsForPin(pin)).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]);
  return {
    command: [
      settings.dockerProgram ?? 'docker',
      'build',
      '-f',
      settings.dockerfile,
      '-t',
      imageTagForPin(pin),
      '--label',
      `verus-repair.pin-hash=${hashToolchainPin(pin)}`,
      ...buildArguments,
      settings.contextDir,
    ],
    cwd: settings.contextDir,
    env: selectEnvironment(settings.environment, [...DOCKER_CLIENT_ENVIRONMENT_ALLOW_LIST, 'DOCKER_BUILDKIT', 'BUILDKIT_PROGRESS'], settings.passEnv),
    timeoutMs: null,
    maxOutputBytes: 1024 * 1024,
    cleanupCommands: [],
  };
}
