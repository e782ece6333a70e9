import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { HARNESS_RUNTIME } from './harness-runtime.js';
import { writeHarnessRuntimeCrate } from './write-harness-runtime-crate.js';

afterAll(removeTemporaryDirectories);

describe('writeHarnessRuntimeCrate', () => {
  it('writes the runtime crate once under the target directory, also when several checks start at once', async () => {
    const targetDir = createTemporaryDirectory('runtime-target');
    const directories = await Promise.all(Array.from({ length: 8 }, () => writeHarnessRuntimeCrate(targetDir)));
    expect(new Set(directories).size).toBe(1);
    const directory = directories[0]!;
    expect(path.dirname(path.dirname(directory))).toBe(targetDir);
    expect(readFileSync(path.join(directory, 'src', 'lib.rs'), 'utf8')).toBe(HARNESS_RUNTIME);
    expect(readFileSync(path.join(directory, 'Cargo.toml'), 'utf8')).toMatch(/^\[package\]\nname = "verus-repair-spec-runtime"/);
    // Only the crate's own directory is left: the losers' temporary copies are removed.
    expect(readdirSync(path.dirname(directory))).toEqual([path.basename(directory)]);
  });

  it('writes the files again when they are not the runtime (a file edited by hand)', async () => {
    const targetDir = createTemporaryDirectory('runtime-target');
    const directory = await writeHarnessRuntimeCrate(targetDir);
    writeFileSync(path.join(directory, 'src', 'lib.rs'), 'pub fn broken(');
    expect(await writeHarnessRuntimeCrate(targetDir)).toBe(directory);
    expect(readFileSync(path.join(directory, 'src', 'lib.rs'), 'utf8')).toBe(HARNESS_RUNTIME);
  });
});
