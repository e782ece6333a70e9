import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireRunLock } from './run-lock.js';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let repo: string;
beforeEach(async () => { repo = await mkdtemp(path.join(tmpdir(), 'run-lock-test-')); });
afterEach(async () => rm(repo, { recursive: true, force: true }));

const lockFile = (): string => path.join(repo, '.verus-repair', 'runs', 'run-1', 'lock');

describe('acquireRunLock', () => {
  it('refuses a second writer, naming the holder, until the first releases', async () => {
    const lock = await acquireRunLock(repo, 'run-1');
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await expect(acquireRunLock(repo, 'run-1')).rejects.toThrow(`run run-1 is in use by process ${process.pid} on ${hostname()}`);
    await lock.release();
    expect(existsSync(lockFile())).toBe(false);
    await (await acquireRunLock(repo, 'run-1')).release();
  });

  it('takes over a lock whose process is gone', async () => {
    const child = execa(process.execPath, ['-e', '']);
    const pid = child.pid;
    await child;
    await mkdir(path.dirname(lockFile()), { recursive: true });
    writeFileSync(lockFile(), JSON.stringify({ pid, host: hostname(), since: 'earlier' }));
    const lock = await acquireRunLock(repo, 'run-1');
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('keeps a lock held on another host (its process cannot be checked)', async () => {
    await mkdir(path.dirname(lockFile()), { recursive: true });
    writeFileSync(lockFile(), JSON.stringify({ pid: 1, host: 'elsewhere.invalid', since: 'earlier' }));
    await expect(acquireRunLock(repo, 'run-1')).rejects.toThrow(/process 1 on elsewhere\.invalid.*remove .*lock/);
  });

  it('is released when the holder is interrupted (SIGINT)', async () => {
    const loader = pathToFileURL(path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    const module = pathToFileURL(path.join(PROJECT_ROOT, 'src', 'ledger', 'run-lock.ts')).href;
    const script = `const { acquireRunLock } = await import(${JSON.stringify(module)}); await acquireRunLock(${JSON.stringify(repo)}, 'run-1'); console.log('held'); setInterval(() => {}, 1000);`;
    const child = execa(process.execPath, ['--import', loader, '--input-type=module', '-e', script], { reject: false });
    await new Promise<void>((resolve) => child.stdout?.on('data', () => resolve()));
    expect(existsSync(lockFile())).toBe(true);
    child.kill('SIGINT');
    const result = await child;
    expect(result.signal).toBe('SIGINT');
    expect(existsSync(lockFile())).toBe(false);
  });

  it('stays held through a signal someone else handles (the run unwinds first), until released', async () => {
    const handler = (): void => undefined;
    process.on('SIGINT', handler);
    try {
      const lock = await acquireRunLock(repo, 'run-1');
      process.emit('SIGINT', 'SIGINT');
      expect(existsSync(lockFile())).toBe(true);
      await lock.release();
      expect(existsSync(lockFile())).toBe(false);
    } finally {
      process.off('SIGINT', handler);
    }
  });

  it('rejects a run id that could escape the ledger directory', async () => {
    await expect(acquireRunLock(repo, '../../etc')).rejects.toThrow('is not a run id');
  });
});
