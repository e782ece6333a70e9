import { spawn, spawnSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';

/** A loopback port where TCP connects never complete, to test connect timeouts; null without python3. */
export interface StalledListener {
  port: number;
  close(): void;
}

/** Whether python3 is here to hold a connect open; tests that need it skip, saying so, when it is not. */
export const STALLED_LISTENER_AVAILABLE = spawnSync('python3', ['-c', 'pass']).status === 0;

const SCRIPT = [
  'import socket, sys',
  's = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(0)',
  'print(s.getsockname()[1], flush=True)',
  'sys.stdin.read()',
].join('\n');

/**
 * A socket that listens with a backlog of 0 and never accepts, on 127.0.0.1 only. One filler
 * connection fills the accept queue; after that the kernel drops further SYNs, so a client's connect
 * hangs until its own timeout, as with an unreachable host. Needs python3 (Node's own servers always
 * accept); the process ends when its stdin closes.
 */
export async function startStalledListener(): Promise<StalledListener | null> {
  if (!STALLED_LISTENER_AVAILABLE) return null;
  const child = spawn('python3', ['-c', SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('error', reject);
  });
  const filler: Socket = await new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
  });
  return {
    port,
    close: () => {
      filler.destroy();
      child.stdin.end();
      child.kill();
    },
  };
}
