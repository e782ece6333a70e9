import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { IN_CI } from './ci-environment.js';
import { createTemporaryDirectory } from './temporary-directory.js';

/** A real redis-server for one test file: loopback only, its own port and data directory. */
export interface TestRedis {
  port: number;
  url: string;
  /** Starts it again on the same port after `stop` (`keepData`: from the same directory; its data is lost unless it was saved). */
  start(): Promise<void>;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
}

/** The redis-server on PATH, or null on a machine without one. */
const REDIS_SERVER = findOnPath('redis-server');

/** CI installs Debian's redis-server (.ci/run), so there a missing one fails the queue suites instead of skipping them. */
export const REDIS_SERVER_AVAILABLE = REDIS_SERVER !== null || IN_CI;

/** A suite title that says, when no redis-server is here, why the suite is skipped. */
export function redisSuiteTitle(title: string): string {
  return REDIS_SERVER_AVAILABLE ? title : `${title} [skipped: no redis-server on PATH; apt-get install redis-server]`;
}

/**
 * Starts `redis-server` on a free loopback port with a temporary directory, no persistence (so a
 * restart loses every key, the harshest case for submitters) and `extraConfig` lines appended to
 * its config file (e.g. `rename-command EVALSHA ""`). CI installs Debian's redis-server (.ci/run).
 */
export async function startTestRedis(extraConfig: string[] = []): Promise<TestRedis> {
  if (REDIS_SERVER === null) throw new Error(`no redis-server on PATH (${process.env['PATH'] ?? ''}); install it with apt-get install redis-server`);
  const server = REDIS_SERVER;
  const directory = createTemporaryDirectory('redis');
  const port = await findFreePort();
  const configFile = path.join(directory, 'redis.conf');
  writeFileSync(configFile, [`port ${port}`, 'bind 127.0.0.1', `dir ${directory}`, 'save ""', 'appendonly no', 'daemonize no', 'loglevel warning', `logfile ${path.join(directory, 'redis.log')}`, ...extraConfig, ''].join('\n'));
  let child: ChildProcess | null = null;
  const handle: TestRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = spawn(server, [configFile], { stdio: 'ignore' });
      child = started;
      await new Promise<void>((resolve, reject) => {
        started.once('error', (error) => reject(new Error(`cannot start redis-server (${error.message}); install it with apt-get install redis-server`)));
        const deadline = Date.now() + 10_000;
        const probe = () => {
          const socket = net.connect(port, '127.0.0.1');
          socket.once('connect', () => {
            socket.end();
            resolve();
          });
          socket.once('error', () => {
            socket.destroy();
            if (started.exitCode !== null) reject(new Error(`redis-server exited with ${started.exitCode}; see ${directory}/redis.log`));
            else if (Date.now() > deadline) reject(new Error('redis-server did not listen within 10 s'));
            else setTimeout(probe, 25);
          });
        };
        probe();
      });
    },
    async stop() {
      const running = child;
      child = null;
      if (running === null || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
  };
  await handle.start();
  return handle;
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function findOnPath(command: string): string | null {
  for (const directory of (process.env['PATH'] ?? '').split(path.delimiter).filter((entry) => entry !== '')) {
    const candidate = path.join(directory, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}
