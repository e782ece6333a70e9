import type { QueueStatus } from './read-queue-status.js';

/** The text form of `verus-repair queue status`. */
export function renderQueueStatus(status: QueueStatus): string {
  const lines = [`queue ${status.name} on Redis ${status.endpoint}`];
  if (status.queues.length === 0) lines.push('  no jobs were ever submitted and no worker has registered');
  for (const queue of status.queues) {
    lines.push(`  toolchain pin ${queue.pinHash.slice(0, 16)}: ${queue.waiting} waiting, ${queue.active} active, ${queue.delayed} delayed, ${queue.completed} completed, ${queue.failed} failed`);
  }
  lines.push(`workers online: ${status.workers.length}`);
  for (const worker of status.workers) {
    lines.push(`  ${worker.host} pid ${worker.pid}: runner ${worker.runner}, toolchain pin ${worker.pinHash}, concurrency ${worker.concurrency}`);
  }
  return `${lines.join('\n')}\n`;
}
