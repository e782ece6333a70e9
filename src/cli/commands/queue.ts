import type { Command } from 'commander';

interface QueueCommandOptions {
  redis?: string;
  queue?: string;
  json?: boolean;
}

/** `verus-repair queue status|drain`: look at and empty the verification queue in Redis. */
export function defineQueueCommand(program: Command): void {
  const queue = program.command('queue').description('inspect or drain the verification queue that `worker`s serve (Redis)');
  const withOptions = (command: Command) =>
    command
      .option('--redis <url>', 'Redis URL without a password (default: VERUS_REPAIR_REDIS_URL, else [queue] url); a password goes only in VERUS_REPAIR_REDIS_URL')
      .option('--queue <name>', 'queue name (default: [queue] name, else verus-repair)')
      .option('--json', 'print one JSON object');

  withOptions(queue.command('status'))
    .description('jobs waiting, active, completed and failed per toolchain pin, and the workers online with their toolchains')
    .action(async (options: QueueCommandOptions) => {
      const { withQueueAdmin } = await import('../../queue/redis/with-queue-admin.js');
      const { readQueueStatus } = await import('../../queue/read-queue-status.js');
      const { renderQueueStatus } = await import('../../queue/render-queue-status.js');
      const status = await withQueueAdmin(adminRequest(options), (client, name, endpoint) => readQueueStatus(client, name, endpoint));
      process.stdout.write(options.json === true ? `${JSON.stringify(status)}\n` : renderQueueStatus(status));
    });

  withOptions(queue.command('drain'))
    .description('remove every job no worker has taken yet (jobs in flight finish)')
    .action(async (options: QueueCommandOptions) => {
      const { withQueueAdmin } = await import('../../queue/redis/with-queue-admin.js');
      const { drainQueue } = await import('../../queue/jobs/drain-queue.js');
      const drained = await withQueueAdmin(adminRequest(options), (client, name) => drainQueue(client, name));
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify({ drained })}\n`);
        return;
      }
      if (drained.length === 0) process.stdout.write('nothing to drain: no jobs were ever submitted to this queue\n');
      for (const entry of drained) process.stdout.write(`${entry.queue}: removed ${entry.removed} waiting job(s)\n`);
    });
}

function adminRequest(options: QueueCommandOptions) {
  return { directory: process.cwd(), environment: process.env, ...(options.redis === undefined ? {} : { redisUrl: options.redis }), ...(options.queue === undefined ? {} : { queueName: options.queue }) };
}
