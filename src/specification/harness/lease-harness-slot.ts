import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** Slots per crate and target directory; a check finding all of them leased builds in a fresh temp directory instead. */
export const HARNESS_SLOTS = 8;

/** A slot held by this process until `release()`: `directory` is the harness crate's (kept across checks, so cargo's build of it stays fresh). */
export interface HarnessSlotLease {
  directory: string;
  slot: number;
  release(): Promise<void>;
}

/** `token`: this lease's own, so that releasing it twice never removes a later lease of the same process. */
interface LockOwner {
  pid: number;
  hostname: string;
  token: string;
}

/**
 * Leases the first free slot `<root>/slot-<n>` (n < `slots`), or null when every one is held.
 * A slot is held by its lock file `<root>/slot-<n>.lock` ({pid, hostname}), created atomically: the
 * content is written to a file of its own and hard-linked to the lock's name, which fails when the
 * lock exists, so no reader ever sees a lock half written. The lock lies beside the slot, not in it:
 * a sandboxed build can write the slot (the crate copy is bound writable) but not its parent, so a
 * build script cannot drop the lease and let another check into the slot while this one runs.
 * A lock of a live process is respected, this process's own included (two checks of one process
 * must not share a slot); one of a process gone from this host is taken over; one of another host
 * cannot be judged and is respected.
 */
export async function leaseHarnessSlot(root: string, slots = HARNESS_SLOTS): Promise<HarnessSlotLease | null> {
  await mkdir(root, { recursive: true });
  for (let slot = 0; slot < slots; slot++) {
    const self: LockOwner = { pid: process.pid, hostname: hostname(), token: randomBytes(8).toString('hex') };
    const lock = path.join(root, `slot-${slot}.lock`);
    if (!(await createLock(lock, self)) && !(await takeOverStaleLock(lock, self))) continue;
    const directory = path.join(root, `slot-${slot}`);
    await prepareSlotDirectory(directory);
    return { directory, slot, release: () => releaseLock(lock, self) };
  }
  return null;
}

async function createLock(lock: string, owner: LockOwner): Promise<boolean> {
  const written = `${lock}.${owner.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(written, JSON.stringify(owner));
  try {
    await link(written, lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(written, { force: true });
  }
}

/**
 * Takes over a lock whose process is gone: moves it aside (rename is atomic, so of two checks
 * taking it over one moves it), confirms what was moved is still the stale lock, and creates its own.
 * When another check replaced the stale lock in between, what was moved is that check's live lock:
 * it is linked back (never over a lock created since) and the slot is left to it. Left open: a
 * third check creating the lock in the instant between the move and the link back; that check and
 * the one whose lock was moved then share the slot.
 */
async function takeOverStaleLock(lock: string, self: LockOwner): Promise<boolean> {
  const stale = await readFile(lock, 'utf8').catch(() => null);
  if (stale === null) return createLock(lock, self);
  if (!isStale(parseOwner(stale), self.hostname)) return false;
  const aside = `${lock}.${self.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    await rename(lock, aside);
  } catch {
    return false;
  }
  const moved = await readFile(aside, 'utf8').catch(() => null);
  if (moved !== stale) {
    await link(aside, lock).catch(() => undefined);
    await rm(aside, { force: true });
    return false;
  }
  await rm(aside, { force: true });
  return createLock(lock, self);
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    return typeof value.pid === 'number' && typeof value.hostname === 'string' ? { pid: value.pid, hostname: value.hostname, token: String(value.token) } : null;
  } catch {
    return null;
  }
}

/** Only a lock naming a process of this host that no longer exists; a lock not read as one is respected (it is never written partly). */
function isStale(owner: LockOwner | null, host: string): boolean {
  if (owner === null || owner.hostname !== host) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** The slot is a real directory; whatever else stands at its name (a file, a symlink) is removed, not followed. */
async function prepareSlotDirectory(directory: string): Promise<void> {
  const found = await lstat(directory).catch(() => null);
  if (found !== null && !found.isDirectory()) await rm(directory, { force: true });
  await mkdir(directory, { recursive: true });
}

/** Removes the lock if it is still this lease's (a lease taken after this one was released is left alone). */
async function releaseLock(lock: string, self: LockOwner): Promise<void> {
  const text = await readFile(lock, 'utf8').catch(() => null);
  if (text !== null && parseOwner(text)?.token === self.token) await rm(lock, { force: true });
}
