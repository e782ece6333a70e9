import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories, writeFileTree } from '../../../test/fakes/temporary-directory.js';
import type { VstdPin } from '../../verifier/toolchain/toolchain-pin.js';
import type { BenchTask } from './bench-task.js';
import { writeTaskCrate } from './write-task-crate.js';

afterAll(() => removeTemporaryDirectories());

describe('writeTaskCrate', () => {
  it('copies a workspace member so that cargo reads it outside the workspace: inherited keys resolved, path dependencies absolute', () => {
    const workspace = createTemporaryDirectory('task-workspace');
    writeFileTree(workspace, {
      'Cargo.toml': '[workspace]\nmembers = ["member", "helper"]\n\n[workspace.package]\nversion = "0.3.0"\nedition = "2021"\n\n[workspace.dependencies]\nhelper = { path = "helper" }\n',
      'member/Cargo.toml': '[package]\nname = "member"\nversion.workspace = true\nedition.workspace = true\n\n[dependencies]\nhelper = { workspace = true }\n',
      'member/src/lib.rs': 'pub fn f() -> u32 { helper::one() }\n',
      'helper/Cargo.toml': '[package]\nname = "helper"\nversion = "0.1.0"\nedition = "2021"\n',
      'helper/src/lib.rs': 'pub fn one() -> u32 { 1 }\n',
    });
    const task = { id: 'member', crateDir: path.join(workspace, 'member'), file: 'src/lib.rs', brokenSource: 'pub fn f() -> u32 { helper::one() + 0 }\n' } as BenchTask;
    const out = path.join(createTemporaryDirectory('task-copy'), 'crate');
    // The vstd pin is read only for single-file tasks (a scratch crate of their own).
    return writeTaskCrate(out, task, { version: '=0.0.0-2026-05-31-0205' } as VstdPin).then(() => {
      const metadata = JSON.parse(execFileSync('cargo', ['metadata', '--offline', '--format-version', '1', '--manifest-path', path.join(out, 'Cargo.toml')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { packages: Array<{ name: string; version: string; edition: string }> };
      expect(metadata.packages.map(({ name, version, edition }) => [name, version, edition]).sort()).toEqual([['helper', '0.1.0', '2021'], ['member', '0.3.0', '2021']]);
      expect(readFileSync(path.join(out, 'src/lib.rs'), 'utf8')).toBe(task.brokenSource);
    });
  }, 60_000);
});
