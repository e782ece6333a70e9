import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories, writeFileTree } from '../../../test/fakes/temporary-directory.js';
import { readCrateFiles } from '../../repair/setup/crate-snapshot.js';
import type { Mutant } from '../mutant.js';
import { createMutantRepository } from './reprove-mutant.js';

afterAll(() => removeTemporaryDirectories());

describe('createMutantRepository', () => {
  it('gives a workspace member\'s mutant a manifest cargo reads on its own: inherited keys resolved, its own [workspace]', async () => {
    const workspace = createTemporaryDirectory('reprove-workspace');
    const files: Record<string, string> = {
      'Cargo.toml': '[workspace]\nmembers = ["member"]\n\n[workspace.package]\nversion = "0.4.0"\nedition = "2021"\n',
      'member/Cargo.toml': '[package]\nname = "member"\nversion.workspace = true\nedition.workspace = true\n',
      'member/src/lib.rs': 'pub fn f() -> u32 { 1 }\n',
    };
    writeFileTree(workspace, files);
    const crateDir = path.join(workspace, 'member');
    const repository = path.join(createTemporaryDirectory('reprove-repository'), 'm1');
    const mutant = { id: 'm1', operator: 'constant', file: 'src/lib.rs', function: 'f', line: 1, column: 21, source: 'pub fn f() -> u32 { 2 }\n' } as Mutant;
    await createMutantRepository(repository, mutant, await readCrateFiles(crateDir), crateDir, '');
    const metadata = JSON.parse(execFileSync('cargo', ['metadata', '--offline', '--no-deps', '--format-version', '1', '--manifest-path', path.join(repository, 'Cargo.toml')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { packages: Array<{ name: string; version: string }> };
    expect(metadata.packages.map(({ name, version }) => [name, version])).toEqual([['member', '0.4.0']]);
    expect(readFileSync(path.join(repository, 'src/lib.rs'), 'utf8')).toBe(mutant.source);
  }, 60_000);
});
