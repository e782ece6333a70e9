import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { findInheritedCargoConfiguration } from './find-inherited-cargo-configuration.js';
import type { LockedRefusal } from './read-locked-refusal.js';
import { noticeOnce } from './run-notices.js';

/**
 * Says once per run, per crate, why cargo ran on a private copy of the user's crate instead of in it
 * (the lock is stale or missing, so cargo would write it), the command that makes cargo run in place
 * again (with --manifest-path, so it works from wherever the user is), and what the copy cannot take
 * with it when the crate relies on it: the `.cargo/config*` and `rust-toolchain*` files of the crate
 * and its ancestors (its `workspace = true` keys it takes, resolved: copyCrateForCargo). Keyed by the
 * crate's real path: the pre-check and the verifier, or cargo spelling the lock another way, say it once.
 */
export async function noticeStaleLock(crateDir: string, refusal: LockedRefusal): Promise<void> {
  const key = `lock-fallback:${await realpath(crateDir).catch(() => path.resolve(crateDir))}`;
  const configuration = await findInheritedCargoConfiguration(crateDir);
  const limits = configuration.length > 0 ? [`the copy does not read ${configuration.join(', ')}`] : [];
  const manifest = path.join(path.resolve(crateDir), 'Cargo.toml');
  const head = refusal.lock === 'stale'
    ? `${refusal.lockFile} is stale: cargo would rewrite it. verus-repair ran cargo on a private copy of the crate and left yours as it is; \`cargo update --workspace --manifest-path ${manifest}\` refreshes it`
    : `${refusal.lockFile} is missing: cargo would create it. verus-repair ran cargo on a private copy of the crate and created none; \`cargo generate-lockfile --manifest-path ${manifest}\` writes one`;
  const tail = limits.length > 0 ? `. Until then ${limits.join('; ')}` : '';
  noticeOnce(key, `${head}, and cargo then runs in the crate itself with --locked${tail}`);
}
