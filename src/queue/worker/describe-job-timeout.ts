import type { Redis } from 'ioredis';
import { listOnlineWorkers } from '../list-online-workers.js';

/**
 * Why a submitter stopped waiting. A job still waiting means no worker for its toolchain pin took it:
 * the message names the job's pin and the pins of the workers that are online, so a mismatch shows.
 */
export async function describeJobTimeout(client: Redis, facts: { state: string; pinHash: string; timeoutMs: number }): Promise<string> {
  const seconds = Math.round(facts.timeoutMs / 1000);
  if (facts.state === 'active') return `the queue job did not finish within ${seconds} s ([queue] job_timeout); it stays on the queue and its verdict will be shared when it ends`;
  const workers = await listOnlineWorkers(client);
  const pin = facts.pinHash.slice(0, 16);
  const matching = workers.filter((worker) => worker.pinHash === pin);
  if (matching.length > 0) {
    return `the job waited ${seconds} s ([queue] job_timeout) behind other work for the ${matching.length} worker(s) with toolchain pin ${pin}; it stays queued. Add workers or raise job_timeout`;
  }
  const others = [...new Set(workers.map((worker) => worker.pinHash))];
  const online = others.length === 0 ? 'no worker is online' : `workers online run other toolchain pins (${others.join(', ')}) and never take it`;
  return `no worker with toolchain pin ${pin} took the job within ${seconds} s ([queue] job_timeout): ${online}. Start \`verus-repair worker\` with the same verus-toolchain/pin.toml; the job stays queued`;
}
