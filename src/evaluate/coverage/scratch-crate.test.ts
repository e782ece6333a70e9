import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SHARED_TARGET_DIR } from '../../../test/fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { defaultVerifierConfig } from '../../verifier/config/read-verifier-config.js';
import { CargoPrechecker } from '../../verifier/precheck/cargo-prechecker.js';
import { PACKAGED_PIN_FILE } from '../../verifier/toolchain/packaged-paths.js';
import { loadToolchainPin } from '../../verifier/toolchain/read-toolchain-pin.js';
import { listScratchDependencies, SCRATCH_CRATE_FILE, writeScratchCrate } from './scratch-crate.js';

afterAll(removeTemporaryDirectories);

// The head of many VeruSAGE-Bench files: they name Verus's own crates, which Verus provides and plain cargo must be given.
const TASK_FILE = `extern crate verus_builtin_macros;
extern crate verus_builtin;
use verus_builtin::*;
use verus_builtin_macros::*;
use vstd::prelude::*;

verus! {

pub fn double(x: u32) -> (r: u32)
    requires x < 1000,
    ensures r == 2 * x,
{
    x + x
}

} // verus!
`;

describe('writeScratchCrate', () => {
  it('depends on vstd and the crates vstd requires exactly, at the versions the packaged pin records', async () => {
    const pin = await loadToolchainPin(PACKAGED_PIN_FILE);
    expect(listScratchDependencies(pin.vstd)).toEqual([
      ['vstd', '=0.0.0-2026-05-31-0205'],
      ['verus_builtin', '=0.0.0-2026-05-17-0151'],
      ['verus_builtin_macros', '=0.0.0-2026-05-31-0205'],
      ['verus_state_machines_macros', '=0.0.0-2026-05-31-0205'],
    ]);
    expect(listScratchDependencies({ version: '=0.0.0-2026-05-31-0205' })).toEqual([['vstd', '=0.0.0-2026-05-31-0205']]);
  });

  // Real cargo in the shared rust-fixtures target directory, offline (the pinned crates are in ~/.cargo/registry).
  it('lets a task file with `extern crate verus_builtin_macros;` pass the erased build (real cargo)', async () => {
    const crateDir = path.join(createTemporaryDirectory('scratch-crate'), 'crate');
    await writeScratchCrate(crateDir, (await loadToolchainPin(PACKAGED_PIN_FILE)).vstd);
    writeFileSync(path.join(crateDir, SCRATCH_CRATE_FILE), TASK_FILE);
    const base = defaultVerifierConfig(crateDir);
    const result = await new CargoPrechecker({ config: { ...base, precheck: { ...base.precheck, targetDir: SHARED_TARGET_DIR, offline: true } } }).precheck(crateDir);
    expect(result.status === 'build-failed' ? result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => diagnostic.message) : []).toEqual([]);
    expect(result).toMatchObject({ status: 'passed', steps: ['build'] });
  }, 300_000);
});
