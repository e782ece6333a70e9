/** What a worker tells Redis about itself (its client name), shown by `verus-repair queue status`. */
export interface WorkerIdentity {
  host: string;
  pid: number;
  runner: string;
  pinHash: string;
  concurrency: number;
}

/** Client names cannot hold spaces; `;`-separated `key=value` pairs keep it readable in CLIENT LIST too. */
export function formatWorkerName(identity: WorkerIdentity): string {
  const host = identity.host.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  return `host=${host};pid=${identity.pid};runner=${identity.runner};pin=${identity.pinHash.slice(0, 16)};concurrency=${identity.concurrency}`;
}

export function parseWorkerName(name: string): WorkerIdentity | null {
  const fields = Object.fromEntries(name.split(';').map((pair) => pair.split('=') as [string, string]));
  const pid = Number(fields['pid']);
  const concurrency = Number(fields['concurrency']);
  if (fields['host'] === undefined || fields['runner'] === undefined || fields['pin'] === undefined || !Number.isInteger(pid)) return null;
  return { host: fields['host'], pid, runner: fields['runner'], pinHash: fields['pin'], concurrency: Number.isInteger(concurrency) ? concurrency : 1 };
}
