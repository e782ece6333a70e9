import { hashToolchainPin } from '../verifier/toolchain/hash-toolchain-pin.js';
import { imageTagForPin } from '../verifier/toolchain/image-tag-for-pin.js';
import type { ToolchainPin } from '../verifier/toolchain/toolchain-pin.js';
import { failed, passed, type DoctorCheck } from './doctor-check.js';
import { firstLine, probeProgram } from './probe-program.js';

/** The Docker runner: an engine the client reaches, and the pinned image built from this pin (its label says so). */
export async function checkDockerRunner(pin: ToolchainPin | null, imageOverride: string | null, environment: NodeJS.ProcessEnv, passEnv: string[] = []): Promise<DoctorCheck[]> {
  const engine = await probeProgram(['docker', 'version', '--format', '{{.Server.Version}}'], environment, { passEnv });
  if (engine.kind === 'missing') return [failed('docker engine', 'docker is not on PATH', 'install Docker Engine (https://docs.docker.com/engine/install/), or verify with a local Verus: `npx verus-repair doctor --local`')];
  if (engine.kind !== 'exited' || engine.exitCode !== 0) {
    const why = engine.kind === 'failed' ? engine.message : firstLine(engine.stderr) || `exit ${String(engine.exitCode)}`;
    return [
      failed('docker engine', `the docker client cannot reach an engine: ${why}`, 'start the engine (`sudo systemctl start docker`) or set DOCKER_HOST; or use a local Verus: `npx verus-repair doctor --local`'),
      { name: 'docker image', status: 'skipped', detail: 'not checked without an engine', fix: null },
    ];
  }
  const checks = [passed('docker engine', `Docker Engine ${firstLine(engine.stdout)}`)];
  if (pin === null) return checks;
  const tag = imageOverride ?? imageTagForPin(pin);
  const pinHash = hashToolchainPin(pin);
  const build = pin.verus.sha256 === ''
    ? `download ${pin.verus.url}, then \`npx verus-repair toolchain lock --zip ${pin.verus.asset}\` and \`npx verus-repair toolchain build\``
    : '`npx verus-repair toolchain build`';
  const inspected = await probeProgram(['docker', 'image', 'inspect', '--format', '{{index .Config.Labels "verus-repair.pin-hash"}}', tag], environment, { passEnv });
  if (inspected.kind !== 'exited' || inspected.exitCode !== 0) return [...checks, failed('docker image', `${tag} is not present`, build)];
  const label = firstLine(inspected.stdout);
  if (imageOverride === null && label !== pinHash) return [...checks, failed('docker image', `${tag} carries pin hash ${label || '(none)'}, not ${pinHash}`, build)];
  return [...checks, passed('docker image', imageOverride === null ? `${tag} (pin hash label matches)` : `${tag} (verifier.docker.image)`)];
}
