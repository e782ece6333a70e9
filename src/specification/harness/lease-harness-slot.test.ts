import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { leaseHarnessSlot } from './lease-harness-slot.js';

afterAll(() => removeTemporaryDirectories());

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const lockOf = (root: string, slot: number) => path.join(root, `slot-${slot}.lock`);

describe('leaseHarnessSlot', () => {
  it('gives two leases of one process different slots, and the first slot again once released (its directory kept)', async () => {
    const root = createTemporaryDirectory('harness-slots');
    const first = await leaseHarnessSlot(root);
    const second = await leaseHarnessSlot(root);
    expect([first?.slot, second?.slot]).toEqual([0, 1]);
    expect(JSON.parse(readFileSync(lockOf(root, 0), 'utf8'))).toMatchObject({ pid: process.pid, hostname: hostname() });
    writeFileSync(path.join(first!.directory, 'kept.rs'), 'fn kept() {}\n');
    await first!.release();
    expect(existsSync(lockOf(root, 0))).toBe(false);
    const again = await leaseHarnessSlot(root);
    expect(again?.directory).toBe(first!.directory);
    expect(existsSync(path.join(again!.directory, 'kept.rs'))).toBe(true);
    // Releasing a lease twice leaves the slot's next lease alone.
    await first!.release();
    expect(existsSync(lockOf(root, 0))).toBe(true);
    await again!.release();
    await second!.release();
    // No temporary lock files are left beside the locks.
    expect(readdirSync(root).sort()).toEqual(['slot-0', 'slot-1']);
  });

  it('skips a slot another live process holds', async () => {
    const root = createTemporaryDirectory('harness-slots-live');
    const loader = pathToFileURL(path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    const module = pathToFileURL(path.join(PROJECT_ROOT, 'src', 'specification', 'harness', 'lease-harness-slot.ts')).href;
    const script = `const { leaseHarnessSlot } = await import(${JSON.stringify(module)}); const lease = await leaseHarnessSlot(${JSON.stringify(root)}); console.log(lease.slot); setInterval(() => {}, 1000);`;
    const child = execa(process.execPath, ['--import', loader, '--input-type=module', '-e', script], { reject: false });
    try {
      const held = await new Promise<string>((resolve) => child.stdout?.once('data', (data: Buffer) => resolve(data.toString().trim())));
      expect(held).toBe('0');
      expect(JSON.parse(readFileSync(lockOf(root, 0), 'utf8'))).toMatchObject({ pid: child.pid });
      const lease = await leaseHarnessSlot(root);
      expect(lease?.slot).toBe(1);
      await lease!.release();
    } finally {
      child.kill('SIGKILL');
      await child;
    }
    // Killed, the child's lock stays; its process is gone, so the slot is taken over.
    const lease = await leaseHarnessSlot(root);
    expect(lease?.slot).toBe(0);
    await lease!.release();
  }, 60_000);

  it('takes over a lock whose process is gone from this host, and respects one of another host', async () => {
    const root = createTemporaryDirectory('harness-slots-stale');
    const exited = execa(process.execPath, ['-e', '']);
    const pid = exited.pid;
    await exited;
    writeFileSync(lockOf(root, 0), JSON.stringify({ pid: 1, hostname: 'elsewhere.invalid', token: 'x' }));
    writeFileSync(lockOf(root, 1), JSON.stringify({ pid, hostname: hostname(), token: 'y' }));
    const lease = await leaseHarnessSlot(root);
    expect(lease?.slot).toBe(1);
    expect(JSON.parse(readFileSync(lockOf(root, 1), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(JSON.parse(readFileSync(lockOf(root, 0), 'utf8'))).toMatchObject({ hostname: 'elsewhere.invalid' });
    await lease!.release();
  });

  it('answers null when every slot is held', async () => {
    const root = createTemporaryDirectory('harness-slots-full');
    const leases = [await leaseHarnessSlot(root, 2), await leaseHarnessSlot(root, 2)];
    expect(await leaseHarnessSlot(root, 2)).toBeNull();
    for (const lease of leases) await lease!.release();
  });

  it('replaces a symlink standing at a slot directory instead of following it', async () => {
    const root = createTemporaryDirectory('harness-slots-symlink');
    const elsewhere = createTemporaryDirectory('harness-slots-elsewhere');
    const { symlinkSync } = await import('node:fs');
    symlinkSync(elsewhere, path.join(root, 'slot-0'));
    const lease = await leaseHarnessSlot(root);
    writeFileSync(path.join(lease!.directory, 'Cargo.toml'), '');
    expect(readdirSync(elsewhere)).toEqual([]);
    await lease!.release();
  });
});
