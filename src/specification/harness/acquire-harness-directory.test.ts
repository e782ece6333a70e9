import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { takeRunNotices } from '../../verifier/sandbox/run-notices.js';
import { acquireHarnessDirectory, releaseHarnessDirectory } from './acquire-harness-directory.js';

afterAll(() => removeTemporaryDirectories());

describe('acquireHarnessDirectory', () => {
  it('leases the same slot of a crate and target directory check after check, with the same identity, another for another crate', async () => {
    const project = createTemporaryDirectory('harness-directory');
    // A crate outside the temp directory (it need not exist: only its path names the slots).
    const place = { crateDir: '/verus-repair-test/crate', targetDir: path.join(project, 'cargo-target'), cacheDir: path.join(project, 'cache') };
    const first = await acquireHarnessDirectory(place);
    await releaseHarnessDirectory(first);
    const second = await acquireHarnessDirectory(place);
    const other = await acquireHarnessDirectory({ ...place, crateDir: '/verus-repair-test/other' });
    expect(first).toMatchObject({ kind: 'slot', directory: second.directory });
    expect(first.kind === 'slot' && second.kind === 'slot' && first.identity === second.identity).toBe(true);
    expect(path.relative(place.cacheDir, first.directory)).toMatch(/^spec-harness-crates\/[0-9a-f]{16}\/slot-0$/);
    expect(other.directory).not.toBe(first.directory);
    await releaseHarnessDirectory(second);
    await releaseHarnessDirectory(other);
    // The slot stays for the next check.
    expect(existsSync(first.directory)).toBe(true);
  });

  it('uses a scratch directory, removed on release, when asked, for a crate under the temp directory, or when the cache directory lies inside the target directory (said once)', async () => {
    const project = createTemporaryDirectory('harness-directory-inside');
    const taken = takeRunNotices();
    try {
      const crateDir = '/verus-repair-test/crate';
      const inside = await acquireHarnessDirectory({ crateDir, targetDir: project, cacheDir: path.join(project, 'cache') });
      const asked = await acquireHarnessDirectory({ crateDir, targetDir: path.join(project, 'target'), cacheDir: path.join(project, 'cache'), scratch: true });
      const transient = await acquireHarnessDirectory({ crateDir: path.join(project, 'crate'), targetDir: path.join(project, 'target'), cacheDir: path.join(project, 'cache') });
      for (const harness of [inside, asked, transient]) {
        expect(harness.kind).toBe('scratch');
        expect(path.dirname(harness.directory)).toBe(tmpdir());
        await releaseHarnessDirectory(harness);
        expect(existsSync(harness.directory)).toBe(false);
      }
      expect(taken.notices).toEqual([expect.stringMatching(/builds each harness crate from scratch: the cache directory .* lies inside the target directory/)]);
    } finally {
      taken.restore();
    }
  });
});
