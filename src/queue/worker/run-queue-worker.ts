import { ConfigurationError } from '../../core/errors.js';
import { loadVerifierConfig } from '../../verifier/config/read-verifier-config.js';
import { LOCAL_ENVIRONMENT_ALLOW_LIST, selectEnvironment } from '../../verifier/jobs/select-environment.js';
import { hashToolchainPin } from '../../verifier/toolchain/hash-toolchain-pin.js';
import { loadToolchainPin } from '../../verifier/toolchain/read-toolchain-pin.js';
import { DockerVerifier } from '../../verifier/runners/docker-verifier.js';
import { LocalVerifier } from '../../verifier/runners/local-verifier.js';
import { findInheritedCargoConfiguration } from '../../verifier/sandbox/find-inherited-cargo-configuration.js';
import { prepareWorkerDirectory } from './prepare-worker-directory.js';
import { requireRedisUrl } from '../redis/redis-endpoint.js';
import { RESULT_SECRET_VARIABLE } from '../jobs/sign-queue-job-result.js';
import { requireQueueName } from '../require-queue-name.js';
import { startQueueWorker } from './start-queue-worker.js';

/** What `verus-repair worker` was asked; unset values come from verus-repair.toml in `directory`. */
export interface QueueWorkerRequest {
  directory: string;
  redisUrl?: string;
  concurrency?: number;
  runner?: 'docker' | 'local';
  queueName?: string;
  environment: NodeJS.ProcessEnv;
  /** Variables that hold secrets the verifier must never see (the model keys the CLI knows); `[verifier] pass_env` may not name them. */
  secretVariables?: readonly string[];
  log: (line: string) => void;
}

/**
 * Serves jobs until SIGTERM or SIGINT: the first stops taking jobs and lets the ones in flight finish,
 * a second hands them back to the queue at once. Resolves when the worker has stopped (exit 0).
 */
export async function runQueueWorker(request: QueueWorkerRequest): Promise<void> {
  const { config, warnings } = await loadVerifierConfig(request.directory);
  for (const warning of warnings) request.log(`warning: ${warning}`);
  const runner = request.runner ?? (config.runner === 'queue' ? 'docker' : config.runner);
  const queueName = requireQueueName(request.queueName ?? config.queue.name);
  const endpoint = requireRedisUrl(request.redisUrl, request.environment, config.queue.url);
  const secrets = ['VERUS_REPAIR_REDIS_URL', RESULT_SECRET_VARIABLE, ...(request.secretVariables ?? [])];
  const passedSecret = config.passEnv.find((name) => secrets.includes(name));
  if (passedSecret !== undefined) throw new ConfigurationError(`verifier.pass_env: a worker never passes ${passedSecret} to the verifier (a job's crate code could read it); remove it from pass_env`);
  const pin = await loadToolchainPin(config.pin.file);
  const workerDirectory = await prepareWorkerDirectory(request.environment);
  try {
    const inherited = await findInheritedCargoConfiguration(workerDirectory.root);
    if (inherited.length > 0) {
      throw new ConfigurationError(`refusing to serve jobs: cargo would read ${inherited.join(', ')} for every job (it reads .cargo/config.toml in each ancestor of its directory, rustup a rust-toolchain file); remove it or set TMPDIR to a directory without one`);
    }
    const resultSecret = request.environment[RESULT_SECRET_VARIABLE] ?? null;
    if (resultSecret !== null && resultSecret.length < 16) throw new ConfigurationError(`${RESULT_SECRET_VARIABLE}: expected at least 16 characters (the value is not shown). Example: ${RESULT_SECRET_VARIABLE}=$(openssl rand -hex 32)`);
    // Cargo sees the local runner's allow-list only, with the worker's own CARGO_HOME (no config.toml in it).
    const verifierEnvironment = { ...selectEnvironment(request.environment, LOCAL_ENVIRONMENT_ALLOW_LIST, config.passEnv), CARGO_HOME: workerDirectory.cargoHome };
    const workerConfig = { ...config, runner };
    const verifier = runner === 'local' ? new LocalVerifier({ config: workerConfig, environment: verifierEnvironment }) : new DockerVerifier({ config: workerConfig, pin, environment: request.environment });
    const concurrency = request.concurrency ?? 1;
    const pinHash = hashToolchainPin(pin);
    const worker = await startQueueWorker({ endpoint, queue: { ...config.queue, name: queueName }, concurrency, pinHash, runner, verifier, workerRoot: workerDirectory.root, resultSecret, log: request.log });
    await serveUntilSignalled(worker, request, { endpoint: endpoint.display, runner, pinHash, pinFile: config.pin.file, concurrency, signed: resultSecret !== null });
  } finally {
    await workerDirectory.remove();
  }
  request.log('stopped');
}

async function serveUntilSignalled(
  worker: Awaited<ReturnType<typeof startQueueWorker>>,
  request: QueueWorkerRequest,
  facts: { endpoint: string; runner: string; pinHash: string; pinFile: string; concurrency: number; signed: boolean },
): Promise<void> {
  request.log(`serving ${worker.queueName} on Redis ${facts.endpoint}: runner ${facts.runner}, toolchain pin ${facts.pinHash} (${facts.pinFile}), concurrency ${facts.concurrency}${facts.signed ? ', verdicts signed' : ''}`);
  await new Promise<void>((resolve) => {
    let signals = 0;
    const onSignal = (name: string) => {
      signals += 1;
      if (signals === 1) {
        request.log(`${name}: taking no more jobs; finishing the jobs in flight (send it again to hand them back to the queue)`);
        void worker.stop(false).then(finish);
      } else if (signals === 2) {
        request.log(`${name}: handing the jobs in flight back to the queue`);
        void worker.stop(true).then(finish);
      }
    };
    const onTerm = () => onSignal('SIGTERM');
    const onInt = () => onSignal('SIGINT');
    const finish = () => {
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      resolve();
    };
    process.on('SIGTERM', onTerm);
    process.on('SIGINT', onInt);
  });
}
