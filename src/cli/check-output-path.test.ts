import { mkdir, mkdtemp, readdir, symlink, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

import { beforeAll, describe, expect, it } from 'vitest';

import { checkOutputPath } from './check-output-path.js';

let root: string;
let crate: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'check-output-path-'));
  crate = join(root, 'repo', 'crate');
  await mkdir(join(crate, 'src'), { recursive: true });
  await writeFile(join(crate, 'Cargo.toml'), '[package]\nname = "x"\n');
  await writeFile(join(crate, 'src', 'lib.rs'), 'fn f() {}\n');
  execFileSync('git', ['init', '-q', join(root, 'repo')]);
  execFileSync('git', ['init', '-q', '--bare', join(root, 'bare.git')]);
  await symlink(join(crate, 'src', 'lib.rs'), join(root, 'innocent.md'));
  await writeFile(join(root, 'a-file'), 'x');
});

const refusal = (request: Parameters<typeof checkOutputPath>[0]) => checkOutputPath(request).then(() => 'accepted', (error: Error) => `${error.name}: ${error.message}`);

describe('checkOutputPath', () => {
  it('accepts a new report file and a new directory, creating nothing', async () => {
    await expect(checkOutputPath({ option: '--md', path: 'review.md', kind: 'file', cwd: root })).resolves.toBe(join(root, 'review.md'));
    await expect(checkOutputPath({ option: '--out', path: 'bench/out/deep', kind: 'directory', cwd: root })).resolves.toBe(join(root, 'bench', 'out', 'deep'));
    expect((await readdir(root)).sort()).toEqual(['a-file', 'bare.git', 'innocent.md', 'repo']);
  });

  it('refuses paths inside a .git directory or a bare repository', async () => {
    for (const path of ['repo/.git/refs', 'repo/.git/HEAD', 'repo/.git/new-file', 'bare.git/refs/heads/x']) {
      expect(await refusal({ option: '--sarif', path, kind: 'file', cwd: root })).toMatch(/ConfigurationError: --sarif .*inside the git directory/);
    }
    expect(await refusal({ option: '--out', path: 'repo/.git/refs', kind: 'directory', cwd: root })).toMatch(/inside the git directory/);
  });

  it('refuses the sources of a protected crate, also through a symlink', async () => {
    expect(await refusal({ option: '--md', path: 'src/lib.rs', kind: 'file', cwd: crate, protectedCrates: [crate] })).toMatch(/src\/lib\.rs of the crate/);
    expect(await refusal({ option: '--md', path: 'Cargo.toml', kind: 'file', cwd: crate, protectedCrates: [crate] })).toMatch(/Cargo\.toml of the crate/);
    expect(await refusal({ option: '--md', path: 'innocent.md', kind: 'file', cwd: root, protectedCrates: [crate] })).toMatch(/src\/lib\.rs of the crate/);
    expect(await refusal({ option: '--out', path: 'src', kind: 'directory', cwd: crate, protectedCrates: [crate] })).toMatch(/src of the crate/);
    await expect(checkOutputPath({ option: '--md', path: 'review.md', kind: 'file', cwd: crate, protectedCrates: [crate] })).resolves.toBe(join(crate, 'review.md'));
  });

  it('refuses devices, kernel files, directories as files, files as directories and missing parents', async () => {
    expect(await refusal({ option: '--sarif', path: '/dev/full', kind: 'file' })).toMatch(/kernel interfaces and devices/);
    expect(await refusal({ option: '--sarif', path: '/proc/version', kind: 'file' })).toMatch(/kernel interfaces and devices/);
    expect(await refusal({ option: '--sarif', path: root, kind: 'file' })).toMatch(/is a directory/);
    expect(await refusal({ option: '--out', path: 'a-file', kind: 'directory', cwd: root })).toMatch(/not a directory/);
    expect(await refusal({ option: '--out', path: 'a-file/below', kind: 'directory', cwd: root })).toMatch(/a-file is not a directory/);
    expect(await refusal({ option: '--sarif', path: 'no/such/dir/r.sarif', kind: 'file', cwd: root })).toMatch(/does not exist/);
  });

  it('refuses a FIFO given as a report file', async () => {
    const fifo = join(root, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(await refusal({ option: '--html', path: fifo, kind: 'file' })).toMatch(/not a regular file/);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a read-only report file (skipped as root, who can write anything)', async () => {
    const readOnly = join(root, 'read-only.md');
    await writeFile(readOnly, '');
    await chmod(readOnly, 0o444);
    expect(await refusal({ option: '--md', path: readOnly, kind: 'file' })).toMatch(/not writable/);
  });
});
