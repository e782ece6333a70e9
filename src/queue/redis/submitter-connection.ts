import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { blockingConnectionOptions, checkRedisCapabilities, connectRedis, createRedisClient } from './connect-redis.js';
import { KEY_PREFIX, type QueueKeys } from './queue-keys.js';
import type { RedisEndpoint } from './redis-endpoint.js';
import { SharedStore } from '../snapshot/shared-store.js';

/** The Redis side of a submitter: one command client (also BullMQ's queue client) and one event stream reader. */
export interface SubmitterLink {
  client: Redis;
  queue: Queue;
  events: QueueEvents;
  store: SharedStore;
}

const IDLE_CLOSE_MS = 1000;

/**
 * Opens the link on first use and keeps it while verifications are in flight. When idle, its sockets
 * stop holding the process open and it closes after a second, so a CLI run exits on its own while a
 * loop of checks reuses one connection.
 */
export class SubmitterConnection {
  private link: Promise<SubmitterLink> | null = null;
  private users = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly endpoint: RedisEndpoint,
    private readonly keys: QueueKeys,
    private readonly pinHash: string,
    private readonly connectTimeoutMs: number,
  ) {}

  async acquire(): Promise<SubmitterLink> {
    this.users += 1;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    try {
      this.link ??= this.open();
      const link = await this.link;
      await connectRedis(link.client, this.endpoint, this.connectTimeoutMs);
      await setReferenced(link, true);
      return link;
    } catch (error) {
      this.release();
      throw error;
    }
  }

  release(): void {
    this.users -= 1;
    if (this.users > 0 || this.link === null) return;
    const link = this.link;
    void link.then((opened) => setReferenced(opened, false)).catch(() => undefined);
    this.idleTimer = setTimeout(() => {
      if (this.users > 0 || this.link !== link) return;
      this.link = null;
      void link.then((opened) => closeLink(opened)).catch(() => undefined);
    }, IDLE_CLOSE_MS);
    this.idleTimer.unref();
  }

  private async open(): Promise<SubmitterLink> {
    const client = createRedisClient(this.endpoint);
    try {
      await connectRedis(client, this.endpoint, this.connectTimeoutMs);
      await checkRedisCapabilities(client, this.endpoint);
    } catch (error) {
      client.disconnect();
      this.link = null;
      throw error;
    }
    const queueName = this.keys.jobQueue(this.pinHash);
    const queue = new Queue(queueName, { connection: client, prefix: KEY_PREFIX });
    const events = new QueueEvents(queueName, { connection: blockingConnectionOptions(this.endpoint), prefix: KEY_PREFIX });
    queue.on('error', () => undefined);
    events.on('error', () => undefined);
    await events.waitUntilReady();
    return { client, queue, events, store: new SharedStore(client, this.keys) };
  }
}

async function closeLink(link: SubmitterLink): Promise<void> {
  await link.events.close().catch(() => undefined);
  await link.queue.close().catch(() => undefined);
  link.client.disconnect();
}

/** ioredis has no unref of its own; its socket does. A reconnect makes a new (referenced) socket, which the idle close then ends. */
async function setReferenced(link: SubmitterLink, referenced: boolean): Promise<void> {
  const eventsClient = await link.events.client;
  for (const redis of [link.client, eventsClient]) {
    const socket = (redis as unknown as { stream?: { ref?: () => void; unref?: () => void } }).stream;
    if (referenced) socket?.ref?.();
    else socket?.unref?.();
  }
}
