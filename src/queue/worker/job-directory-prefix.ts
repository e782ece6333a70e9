import os from 'node:os';

/**
 * Job directories are named `verus-repair-job-<host>-<pid>-…`, so a worker can tell the ones a killed
 * worker of this host left behind (its pid gone) from those of live workers, here or in other
 * containers sharing the directory.
 */
export function jobDirectoryPrefix(pid = process.pid): string {
  return `verus-repair-job-${os.hostname().replace(/[^A-Za-z0-9.]/g, '_')}-${pid}-`;
}

/** The pid in a job directory name of this host, or null for another host's or an unrelated name. */
export function readJobDirectoryPid(name: string): number | null {
  const prefix = jobDirectoryPrefix(0).replace(/0-$/, '');
  if (!name.startsWith(prefix)) return null;
  const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}
