import type { Command } from 'commander';
import { ConfigurationError } from '../../core/errors.js';

interface WorkerOptions {
  redis?: string;
  concurrency?: string;
  docker?: boolean;
  local?: boolean;
  queue?: string;
}

/** `verus-repair worker`: take verification jobs from Redis until SIGTERM/SIGINT (exit 0). */
export function defineWorkerCommand(program: Command): void {
  program
    .command('worker')
    .option('--redis <url>', 'Redis URL (default: VERUS_REPAIR_REDIS_URL, else [queue] url); prefer the variable for a password')
    .option('--concurrency <n>', 'jobs run at once (default 1)')
    .option('--docker', 'run Verus in the pinned Docker image (the default)')
    .option('--local', 'run the Verus installed on this machine')
    .option('--queue <name>', 'queue name (default: [queue] name, else verus-repair)')
    .description('run queued verification jobs for this toolchain pin (runner = "queue" elsewhere); SIGTERM/SIGINT stops after the jobs in flight, twice hands them back')
    .action(async (options: WorkerOptions) => {
      if (options.docker === true && options.local === true) throw new ConfigurationError('choose one runner: --docker or --local, not both');
      const concurrency = options.concurrency === undefined ? undefined : Number(options.concurrency);
      if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)) {
        throw new ConfigurationError(`--concurrency: expected a whole number from 1 to 256, received "${options.concurrency}". Example: --concurrency 2`);
      }
      const { runQueueWorker } = await import('../../verifier/runners/queue/run-queue-worker.js');
      await runQueueWorker({
        directory: process.cwd(),
        environment: process.env,
        log: (line) => process.stderr.write(`verus-repair worker: ${line}\n`),
        ...(options.redis === undefined ? {} : { redisUrl: options.redis }),
        ...(concurrency === undefined ? {} : { concurrency }),
        ...(options.docker === true ? { runner: 'docker' as const } : options.local === true ? { runner: 'local' as const } : {}),
        ...(options.queue === undefined ? {} : { queueName: options.queue }),
      });
    });
}
