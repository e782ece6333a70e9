import { loadVerifierConfig } from '../../config/read-verifier-config.js';
import { hashToolchainPin } from '../../toolchain/hash-toolchain-pin.js';
import { loadToolchainPin } from '../../toolchain/read-toolchain-pin.js';
import { DockerVerifier } from '../docker-verifier.js';
import { LocalVerifier } from '../local-verifier.js';
import { requireRedisUrl } from './redis-endpoint.js';
import { requireQueueName } from './require-queue-name.js';
import { startQueueWorker } from './start-queue-worker.js';

/** What `verus-repair worker` was asked; unset values come from verus-repair.toml in `directory`. */
export interface QueueWorkerRequest {
  directory: string;
  redisUrl?: string;
  concurrency?: number;
  runner?: 'docker' | 'local';
  queueName?: string;
  environment: NodeJS.ProcessEnv;
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
  const pin = await loadToolchainPin(config.pin.file);
  const workerConfig = { ...config, runner };
  const verifier = runner === 'local' ? new LocalVerifier({ config: workerConfig, environment: request.environment }) : new DockerVerifier({ config: workerConfig, pin, environment: request.environment });
  const concurrency = request.concurrency ?? 1;
  const pinHash = hashToolchainPin(pin);
  const worker = await startQueueWorker({ endpoint, queue: { ...config.queue, name: queueName }, concurrency, pinHash, runner, verifier, log: request.log });
  request.log(`serving ${worker.queueName} on Redis ${endpoint.display}: runner ${runner}, toolchain pin ${pinHash} (${config.pin.file}), concurrency ${concurrency}`);
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
  request.log('stopped');
}
