import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryCrate, SHARED_TARGET_DIR, VERIFYING_LIB_RS } from '../../../test/fakes/temporary-crate.js';
import { removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { materializeCrate, readCrateFiles, withFile } from '../../repair/setup/crate-snapshot.js';
import { defaultVerifierConfig } from '../config/read-verifier-config.js';
import { CargoPrechecker } from './cargo-prechecker.js';

const scratches: string[] = [];
afterAll(() => scratches.forEach((directory) => rmSync(directory, { recursive: true, force: true })));
afterAll(removeTemporaryDirectories);

const TESTS = (expected: number) => `\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds_one() {\n        assert_eq!(super::add_one(1), ${expected});\n    }\n}\n`;

function setTimesRecursively(directory: string, when: Date): void {
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) utimesSync(path.join(entry.parentPath, entry.name), when, when);
  utimesSync(directory, when, when);
}

// Real cargo in the shared rust-fixtures target directory (vstd is already built there): slow-ish, a few seconds.
describe('scratch crates in one shared target directory (real cargo)', () => {
  it('never reuses one variant\'s build for another, even when the second variant\'s files look older than the first build', async () => {
    // Two variants of one crate, as a review writes them (here: the second one is written, or copied, before the first builds).
    const original = await readCrateFiles(createTemporaryCrate({ 'src/lib.rs': VERIFYING_LIB_RS + TESTS(2) }));
    const passing = await materializeCrate(original, '/nonexistent', 'isolation-a');
    const failing = await materializeCrate(withFile(original, 'src/lib.rs', VERIFYING_LIB_RS.replace('    x + 1\n', '    x + 2\n') + TESTS(2)), '/nonexistent', 'isolation-b');
    scratches.push(passing, failing);
    setTimesRecursively(failing, new Date(Date.now() - 3_600_000));
    const base = defaultVerifierConfig('/unused');
    const prechecker = new CargoPrechecker({ config: { ...base, precheck: { ...base.precheck, targetDir: SHARED_TARGET_DIR, offline: true } } });

    expect(await prechecker.precheck(passing)).toMatchObject({ status: 'passed', steps: ['build', 'test'] });
    // cargo decides freshness by mtime: with one package name and path, the second variant would reuse the first one's test binary.
    expect(await prechecker.precheck(failing)).toMatchObject({ status: 'test-failed', failingTests: ['tests::adds_one'] });
    expect(statSync(path.join(failing, 'src', 'lib.rs')).mtimeMs).toBeLessThan(Date.now() - 3_000_000);
  }, 300_000);

  it('never reuses one user crate\'s build for another crate of the same name, when both build from private copies in a configured target_dir', async () => {
    // Two of the user's crates named alike (two worktrees of one project, say), without a Cargo.lock: each is built from a private copy.
    const passing = createTemporaryCrate({ 'src/lib.rs': VERIFYING_LIB_RS + TESTS(2) });
    const failing = createTemporaryCrate({ 'src/lib.rs': VERIFYING_LIB_RS.replace('    x + 1\n', '    x + 2\n') + TESTS(2) });
    setTimesRecursively(failing, new Date(Date.now() - 3_600_000));
    const base = defaultVerifierConfig('/unused');
    const prechecker = new CargoPrechecker({ config: { ...base, precheck: { ...base.precheck, targetDir: SHARED_TARGET_DIR, offline: true } } });

    expect(await prechecker.precheck(passing)).toMatchObject({ status: 'passed', steps: ['build', 'test'] });
    // The copies keep the files' times: under one package name, the second copy would look built already.
    expect(await prechecker.precheck(failing)).toMatchObject({ status: 'test-failed', failingTests: ['tests::adds_one'] });
  }, 300_000);
});
