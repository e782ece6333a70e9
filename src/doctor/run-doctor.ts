import path from 'node:path';
import { readModelConfig } from '../agents/index.js';
import { loadVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { findProjectRoot } from '../verifier/find-project-root.js';
import { loadToolchainPin } from '../verifier/toolchain/read-toolchain-pin.js';
import { readPinInForce } from '../verifier/toolchain/read-pin-in-force.js';
import { readFile } from 'node:fs/promises';
import { checkDockerRunner } from './check-docker-runner.js';
import { checkGit } from './check-git.js';
import { checkLocalVerus } from './check-local-verus.js';
import { checkModelEndpoint } from './check-model-endpoint.js';
import { probeModel } from './probe-model.js';
import { checkNode } from './check-node.js';
import { checkRedis } from './check-redis.js';
import { checkRustToolchain } from './check-rust-toolchain.js';
import { checkSandbox } from './check-sandbox.js';
import { checkToolchainPin } from './check-toolchain-pin.js';
import { failed, passed, type DoctorCheck, type DoctorReport } from './doctor-check.js';
import { findGitRoot } from '../setup/find-git-root.js';

/**
 * `verus-repair doctor`: every check a repair depends on, run from `directory` with the configured
 * runner or the one named. A broken verus-repair.toml is itself a failed check, not an exception.
 * `model`: check only the configuration and the model, with one tiny request (`doctor --model`).
 */
export async function runDoctor(directory: string, options: { runner?: 'docker' | 'local'; environment?: NodeJS.ProcessEnv; model?: boolean } = {}): Promise<DoctorReport> {
  const environment = options.environment ?? process.env;
  const repositoryRoot = await findProjectRoot(directory);
  const checks: DoctorCheck[] = [checkNode(), ...(await checkGit(await findGitRoot(directory), environment))];
  let loaded;
  try {
    loaded = await loadVerifierConfig(repositoryRoot);
  } catch (error) {
    checks.push(failed('configuration', (error as Error).message.split('\n')[0] ?? '', `fix ${path.join(repositoryRoot, 'verus-repair.toml')}`));
    return { repositoryRoot, runner: options.runner ?? 'docker', checks, ready: false };
  }
  const config = loaded.config;
  const runner = options.runner ?? config.runner;
  checks.push(passed('configuration', loaded.file === null ? 'no verus-repair.toml: defaults (`npx verus-repair init` writes one)' : loaded.file));
  if (options.model === true) {
    checks.push(...(await checkModel(loaded.file, environment, true)));
    return { repositoryRoot, runner, checks, ready: checks.every((check) => check.status !== 'fail') };
  }
  const pinInForce = await readPinInForce(config.pin);
  const pin = pinInForce.sha256 === null ? null : await loadToolchainPin(config.pin.file);
  if (config.precheck.enabled) checks.push(...(await checkRustToolchain(config.cargoPath, pin, environment)));
  if (config.precheck.enabled) checks.push(await checkSandbox(config, runner, environment));
  checks.push(checkToolchainPin(pinInForce, pin?.verus.asset ?? null, runner));
  if (runner === 'docker') checks.push(...(await checkDockerRunner(pin, config.docker.image, environment, config.passEnv)));
  if (runner === 'local') checks.push(...(await checkLocalVerus({ verus: config.verusPath, cargoVerus: config.cargoVerusPath ?? 'cargo-verus' }, pin, environment, config.passEnv)));
  if (runner === 'queue' || config.queue.url !== null) checks.push(await checkRedis(config.queue.url, environment));
  checks.push(...(await checkModel(loaded.file, environment, false)));
  return { repositoryRoot, runner, checks, ready: checks.every((check) => check.status !== 'fail') };
}

async function checkModel(file: string | null, environment: NodeJS.ProcessEnv, probe: boolean): Promise<DoctorCheck[]> {
  const text = file === null ? '' : await readFile(file, 'utf8');
  const result = readModelConfig(text, file ?? 'verus-repair.toml', environment, { needsApiKey: false });
  if (result.config === null) {
    return [failed('model', result.errors[0] ?? 'no usable [model] section', 'set [model] name (and base_url for a non-OpenAI server) in verus-repair.toml, or VERUS_REPAIR_MODEL')];
  }
  const endpoint = await checkModelEndpoint(result.config, environment);
  if (!probe) return endpoint;
  // A missing key or an unreachable server is reported once, not again as a failed request.
  if (endpoint.some((check) => check.status === 'fail' && check.name === 'model key')) return endpoint;
  if (endpoint.some((check) => check.status === 'fail' && /cannot reach/.test(check.detail))) return endpoint;
  return [...endpoint, ...(await probeModel(result.config, environment))];
}
