import type { Command } from 'commander';
import { ConfigurationError } from '../../core/errors.js';
import { listModelKeyVariables } from '../list-model-key-variables.js';

interface WorkerOptions {
  redis?: string;
  concurrency?: string;
  docker?: boolean;
  local?: boolean;
  queue?: string;
  allowModelEnv?: boolean;
}

/** `verus-repair worker`: take verification jobs from Redis until SIGTERM/SIGINT (exit 0). */
export function defineWorkerCommand(program: Command): void {
  program
    .command('worker')
    .option('--redis <url>', 'Redis URL without a password (default: VERUS_REPAIR_REDIS_URL, else [queue] url); a password goes only in VERUS_REPAIR_REDIS_URL')
    .option('--concurrency <n>', 'jobs run at once (default 1)')
    .option('--docker', 'run Verus in the pinned Docker image (the default)')
    .option('--local', 'run the Verus installed on this machine')
    .option('--queue <name>', 'queue name (default: [queue] name, else verus-repair)')
    .option('--allow-model-env', 'start even though a model API key (OPENAI_API_KEY, …) is in the environment; a worker needs none')
    .description('run queued verification jobs for this toolchain pin (runner = "queue" elsewhere); SIGTERM/SIGINT stops after the jobs in flight, twice hands them back')
    .action(async (options: WorkerOptions) => {
      if (options.docker === true && options.local === true) throw new ConfigurationError('choose one runner: --docker or --local, not both');
      const concurrency = options.concurrency === undefined ? undefined : Number(options.concurrency);
      if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)) {
        throw new ConfigurationError(`--concurrency: expected a whole number from 1 to 256, received "${options.concurrency}". Example: --concurrency 2`);
      }
      // A worker runs crates from anyone who can write to Redis; a key in its environment is one their code could find.
      const modelKeys = listModelKeyVariables();
      const present = modelKeys.filter((name) => (process.env[name] ?? '') !== '');
      if (present.length > 0 && options.allowModelEnv !== true) {
        throw new ConfigurationError(`refusing to start: ${present.join(', ')} ${present.length === 1 ? 'is' : 'are'} set, and a worker needs no model key (the crates it verifies come from anyone who can write to Redis). Start it with a minimal environment, e.g. env -u ${present[0]} verus-repair worker, or pass --allow-model-env`);
      }
      const { runQueueWorker } = await import('../../queue/worker/run-queue-worker.js');
      await runQueueWorker({
        directory: process.cwd(),
        environment: process.env,
        secretVariables: modelKeys,
        log: (line) => process.stderr.write(`verus-repair worker: ${line}\n`),
        ...(options.redis === undefined ? {} : { redisUrl: options.redis }),
        ...(concurrency === undefined ? {} : { concurrency }),
        ...(options.docker === true ? { runner: 'docker' as const } : options.local === true ? { runner: 'local' as const } : {}),
        ...(options.queue === undefined ? {} : { queueName: options.queue }),
      });
    });
}
