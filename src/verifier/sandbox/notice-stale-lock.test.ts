import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories, writeFileTree } from '../../../test/fakes/temporary-directory.js';
import { noticeStaleLock } from './notice-stale-lock.js';
import { takeRunNotices } from './run-notices.js';

afterAll(removeTemporaryDirectories);

describe('noticeStaleLock (issue 27, item 4)', () => {
  it('says once per crate per run that its lock is missing, with the command that writes it, whichever way cargo spelled the lock', async () => {
    const parent = createTemporaryDirectory('lock-notice');
    const crate = path.join(parent, 'crate');
    writeFileTree(crate, { 'Cargo.toml': '[package]\nname = "c"\nversion = "0.1.0"\n' });
    symlinkSync(crate, path.join(parent, 'same-crate'));
    const notices = takeRunNotices();
    try {
      // The pre-check's judgement, the verifier's --locked refusal, and the crate reached through a link.
      await noticeStaleLock(crate, { lock: 'missing', lockFile: path.join(crate, 'Cargo.lock') });
      await noticeStaleLock(crate, { lock: 'missing', lockFile: path.join(parent, 'same-crate', 'Cargo.lock') });
      await noticeStaleLock(path.join(parent, 'same-crate'), { lock: 'missing', lockFile: path.join(crate, 'Cargo.lock') });
      const other = path.join(parent, 'other');
      writeFileTree(other, { 'Cargo.toml': '[package]\nname = "o"\nversion = "0.1.0"\n' });
      await noticeStaleLock(other, { lock: 'stale', lockFile: path.join(other, 'Cargo.lock') });
    } finally {
      notices.restore();
    }
    expect(notices.notices).toHaveLength(2);
    expect(notices.notices[0]).toContain(`${path.join(crate, 'Cargo.lock')} is missing: cargo would create it.`);
    expect(notices.notices[0]).toContain(`\`cargo generate-lockfile --manifest-path ${path.join(crate, 'Cargo.toml')}\` writes one`);
    expect(notices.notices[1]).toContain(`\`cargo update --workspace --manifest-path ${path.join(parent, 'other', 'Cargo.toml')}\` refreshes it`);
  });
});
