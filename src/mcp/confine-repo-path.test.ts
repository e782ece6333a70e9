import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { confineRepoPath } from './confine-repo-path.js';

describe('confineRepoPath', () => {
  const scratch = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'confine-')));
  const root = path.join(scratch, 'repo');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'lib.rs'), '');
  writeFileSync(path.join(scratch, 'outside.rs'), '');
  symlinkSync(path.join(scratch, 'outside.rs'), path.join(root, 'src', 'out.rs'));
  symlinkSync(path.join(root, 'src', 'lib.rs'), path.join(root, 'src', 'in.rs'));
  symlinkSync(scratch, path.join(root, 'up'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('accepts relative and absolute paths inside the root, and symlinks that stay inside', async () => {
    expect(await confineRepoPath(root, 'src/lib.rs')).toEqual({ absolute: path.join(root, 'src', 'lib.rs'), relative: 'src/lib.rs' });
    expect((await confineRepoPath(root, path.join(root, 'src', 'lib.rs'))).relative).toBe('src/lib.rs');
    expect((await confineRepoPath(root, 'src/../src/lib.rs')).relative).toBe('src/lib.rs');
    expect((await confineRepoPath(root, 'src/in.rs')).relative).toBe('src/lib.rs');
    expect((await confineRepoPath(root, '.')).relative).toBe('');
  });

  it('refuses .., absolute paths elsewhere and symlinks out (a file or a directory along the path)', async () => {
    await expect(confineRepoPath(root, '../outside.rs')).rejects.toThrow(/"\.\.\/outside\.rs" is outside the repository/);
    await expect(confineRepoPath(root, path.join(scratch, 'outside.rs'))).rejects.toThrow(/outside the repository/);
    await expect(confineRepoPath(root, '/etc/passwd')).rejects.toThrow(/outside the repository/);
    await expect(confineRepoPath(root, 'src/out.rs')).rejects.toThrow(/leads outside the repository \(a symlink\)/);
    await expect(confineRepoPath(root, 'up/outside.rs')).rejects.toThrow(/leads outside the repository/);
    await expect(confineRepoPath(`${root}-sibling`, 'x')).rejects.toThrow(/no such file/);
    await expect(confineRepoPath(root, 'src/missing.rs')).rejects.toThrow(/no such file or directory in the repository/);
  });
});
