import { link, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';
import { ensureLedgerDirectory } from './ensure-ledger-directory.js';
import { checkRunId } from './run-id.js';

/** Who holds a run: written into `.verus-repair/runs/<run>/lock`. */
interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

export interface RunLock {
  readonly file: string;
  release(): Promise<void>;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Makes this process the only writer of a run (a fresh run or a resumed one). The lock file is
 * created atomically (a complete temporary file hard-linked into place, which fails when the lock
 * exists) and names the holder's pid and host. A lock whose pid is gone on this host is stale and
 * taken over. It is released by `release()`, at exit, and on SIGINT, SIGTERM and SIGHUP when no
 * other listener handles that signal (the process would die at once).
 */
export async function acquireRunLock(repoDir: string, runId: string): Promise<RunLock> {
  const directory = await ensureLedgerDirectory(repoDir, 'runs', checkRunId(runId));
  const file = path.join(directory, 'lock');
  const holder: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const draft = path.join(directory, `lock.${process.pid}.tmp`);
  await writeFile(draft, `${JSON.stringify(holder)}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const current = await readHolder(file);
        if (attempt > 0 || (current !== null && !isStale(current))) throw lockedError(runId, file, current);
        await rm(file, { force: true });
      }
    }
  } finally {
    await rm(draft, { force: true });
  }
  return holdLock(file);
}

function holdLock(file: string): RunLock {
  let held = true;
  const releaseNow = (): void => {
    if (!held) return;
    held = false;
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    detach();
    // Someone else handles the signal (the CLI's Ctrl-C handling unwinds the run): the process is
    // still the writer until then, and releases at the end of the run or at exit.
    if (process.listenerCount(signal) > 0) {
      process.once('exit', releaseNow);
      return;
    }
    // Nobody else listening: release, then end the way the signal would have ended the process.
    releaseNow();
    process.kill(process.pid, signal);
  };
  const detach = (): void => {
    process.off('exit', releaseNow);
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
  process.once('exit', releaseNow);
  for (const signal of SIGNALS) process.once(signal, onSignal);
  return {
    file,
    release: async () => {
      detach();
      if (!held) return;
      held = false;
      await unlink(file).catch(() => undefined);
    },
  };
}

async function readHolder(file: string): Promise<LockHolder | null> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<LockHolder>;
    return typeof value.pid === 'number' && typeof value.host === 'string' ? { pid: value.pid, host: value.host, since: String(value.since ?? '') } : null;
  } catch {
    return null;
  }
}

/** Only a holder on this host can be checked: its pid no longer exists. */
function isStale(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function lockedError(runId: string, file: string, holder: LockHolder | null): ConfigurationError {
  const who = holder === null ? 'another process (the lock file is unreadable)' : `process ${holder.pid} on ${holder.host}${holder.since === '' ? '' : ` since ${holder.since}`}`;
  return new ConfigurationError(`run ${runId} is in use by ${who}; wait for it to finish, or stop it. If that process is gone, remove ${file}`);
}
