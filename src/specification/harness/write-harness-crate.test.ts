import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { acquireHarnessDirectory, releaseHarnessDirectory } from './acquire-harness-directory.js';
import { readCrateSources } from './read-crate-sources.js';
import { fixHarnessFiles, writeHarnessCrate } from './write-harness-crate.js';

afterAll(() => removeTemporaryDirectories());

const FIXTURE = new URL('../../../rust-fixtures/spec-check/', import.meta.url).pathname;
const PAST = new Date('2020-01-01T00:00:00Z');

function listFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name))).sort();
}

describe('writeHarnessCrate in a slot', () => {
  it('keeps the package and binary names of the slot, and rewrites only the files whose content changed', async () => {
    const project = createTemporaryDirectory('harness-crate-slot');
    // temporaryRoot: a checkout under the system temp directory (a CI clone in /tmp) would otherwise be taken for a crate about to go, and get scratch.
    const harness = await acquireHarnessDirectory({ crateDir: FIXTURE, targetDir: path.join(project, 'cargo-target'), cacheDir: path.join(project, 'cache'), temporaryRoot: path.join(project, 'temporary') });
    expect(harness.kind).toBe('slot');
    if (harness.kind !== 'slot') return;
    const fixed = await fixHarnessFiles(await readCrateSources(FIXTURE), process.env);
    const runtime = path.join(project, 'runtime');
    const first = await writeHarnessCrate(FIXTURE, fixed, 'pub fn main() {}\n', runtime, harness);
    expect(first).toMatchObject({ ok: true, directory: harness.directory, binary: `verus-repair-spec-check-${harness.identity}` });
    const manifest = readFileSync(path.join(harness.directory, 'Cargo.toml'), 'utf8');
    expect(manifest).toContain(`name = "spec-check-variant-${harness.identity}"`);
    expect(manifest).toContain(`[profile.dev.package.spec-check-variant-${harness.identity}]`);
    // Its own workspace: the slot may lie inside the user's repository, whose workspace would claim it.
    expect(manifest).toMatch(/^\[workspace\]$/m);
    const files = listFiles(harness.directory);
    for (const file of files) utimesSync(path.join(harness.directory, file), PAST, PAST);

    const second = await writeHarnessCrate(FIXTURE, fixed, 'pub fn main() { let _ = 1; }\n', runtime, harness);
    expect(second).toMatchObject({ ok: true, binary: `verus-repair-spec-check-${harness.identity}` });
    expect(listFiles(harness.directory)).toEqual(files);
    const rewritten = files.filter((file) => statSync(path.join(harness.directory, file)).mtime.getTime() !== PAST.getTime());
    expect(rewritten).toEqual(['src/verus_repair_spec_check.rs']);
    await releaseHarnessDirectory(harness);
  });
});
