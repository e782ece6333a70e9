import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { listModelKeyVariables } from '../../src/cli/list-model-key-variables.js';
import { FAKE_PASS_ENV } from './fake-environment.js';
import { startCli } from './run-cli.js';
import { createTemporaryDirectory } from './temporary-directory.js';

/** A `verus-repair worker --local` child process with the fake verifier, for queue tests and the queue benchmark. */
export interface QueueWorkerProcess {
  pid: number;
  /** Everything the worker printed on stderr so far. */
  log(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Resolves when the log contains `text`, rejects after `timeoutMs`. */
  waitForLog(text: string | RegExp, timeoutMs?: number): Promise<void>;
}

/** A worker directory: verus-repair.toml with the local runner, the fakes' variables passed through, and `[queue]` extras. */
export function createWorkerDirectory(options: { queue?: Record<string, string | number>; pinFile?: string } = {}): string {
  const directory = createTemporaryDirectory('worker');
  const queue = Object.entries({ lock_duration: 1, ...options.queue }).map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
  const verifier = ['runner = "local"', `pass_env = ${JSON.stringify(FAKE_PASS_ENV)}`, ...(options.pinFile === undefined ? [] : [`pin_file = ${JSON.stringify(options.pinFile)}`])];
  writeFileSync(path.join(directory, 'verus-repair.toml'), `[verifier]\n${verifier.join('\n')}\n\n[queue]\n${queue.join('\n')}\n`);
  return directory;
}

/** `environment` without the model keys (the fakes' decoy OPENAI_API_KEY among them): a worker refuses to start with one. */
export function withoutModelKeys(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept = { ...environment };
  for (const name of listModelKeyVariables()) delete kept[name];
  return kept;
}

/** Starts a worker in `directory` (`--local` unless `args` hold `--docker`) and waits until it serves its queue. */
export async function startQueueWorkerProcess(directory: string, environment: NodeJS.ProcessEnv, args: string[] = []): Promise<QueueWorkerProcess> {
  const runner = args.includes('--docker') ? [] : ['--local'];
  const child = startCli(['worker', ...runner, ...args], withoutModelKeys(environment), directory);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = child.then((result) => result.exitCode ?? null);
  const waitForLog = (text: string | RegExp, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        if (typeof text === 'string' ? stderr.includes(text) : text.test(stderr)) return resolve();
        if (child.exitCode !== null && child.exitCode !== undefined) return reject(new Error(`the worker exited (${child.exitCode}) before printing ${String(text)}: ${stderr}`));
        if (Date.now() - started > timeoutMs) return reject(new Error(`the worker did not print ${String(text)} within ${timeoutMs} ms: ${stderr}`));
        setTimeout(check, 20);
      };
      check();
    });
  const worker = { pid: child.pid ?? -1, log: () => stderr, exited, waitForLog };
  await waitForLog('serving');
  return worker;
}

/** Sends SIGTERM to each worker (one already gone is skipped) and waits until every one has exited. */
export async function stopQueueWorkers(workers: readonly QueueWorkerProcess[]): Promise<void> {
  for (const worker of workers) {
    try {
      process.kill(worker.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await Promise.all(workers.map((worker) => worker.exited));
}
