import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive, readProcessIdentity, type ProcessIdentity } from './fake-environment.js';

/**
 * The processes fakes with `recordProcesses` wrote to `<marker>.processes` (each fake and the
 * sleeping child it started), once there are at least `count`, each identified by pid and start
 * time read at once. Null when they did not all appear within `waitMs`.
 */
export async function waitForRecordedProcesses(markerFile: string, count: number, waitMs = 90_000): Promise<ProcessIdentity[] | null> {
  const file = `${markerFile}.processes`;
  for (const deadline = Date.now() + waitMs; Date.now() < deadline; await sleep(100)) {
    const pids = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((line) => line !== '').map(Number) : [];
    if (pids.length >= count) return pids.map(readProcessIdentity);
  }
  return null;
}

/** The processes still alive after polling up to `waitMs` for all of them to end (a killed tree may take a moment on a loaded machine). */
export async function survivingProcesses(processes: readonly ProcessIdentity[], waitMs = 10_000): Promise<ProcessIdentity[]> {
  for (const deadline = Date.now() + waitMs; Date.now() < deadline; await sleep(100)) {
    if (!processes.some(isProcessAlive)) return [];
  }
  return processes.filter(isProcessAlive);
}

/** Kills what a failed test left behind (only the processes recorded, checked by start time). */
export function killRecordedProcesses(processes: readonly ProcessIdentity[]): void {
  for (const process_ of processes) {
    if (!isProcessAlive(process_)) continue;
    try {
      process.kill(process_.pid, 'SIGKILL');
    } catch {
      // Gone between the check and the kill.
    }
  }
}
