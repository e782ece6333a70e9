import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV } from '../../../test/fakes/fake-environment.js';
import { SHARED_TARGET_DIR, VERIFYING_LIB_RS } from '../../../test/fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { PACKAGED_PIN_FILE } from '../../verifier/toolchain/packaged-paths.js';
import { loadToolchainPin } from '../../verifier/toolchain/read-toolchain-pin.js';
import type { BenchTask } from './bench-task.js';
import { validateTask } from './validate-task.js';

afterAll(removeTemporaryDirectories);

// A single file from a verified project names the project's own crates, which the scratch crate cannot have.
const task = (brokenSource: string): BenchTask => ({
  id: 'from-a-project', crateDir: null, file: 'src/lib.rs', brokenSource, originalSource: null, functions: [], defectClass: null, expectedFailingFunction: null, defects: 1, origin: 'test',
});
const TABLES = { verifier: { runner: 'local', pass_env: FAKE_PASS_ENV, precheck: { target_dir: SHARED_TARGET_DIR, offline: true } }, queue: null };

const VSTD = async () => (await loadToolchainPin(PACKAGED_PIN_FILE)).vstd;
const directory = () => path.join(createTemporaryDirectory('validate'), 'task');

describe('validateTask (real erased cargo, fake cargo-verus)', () => {
  it('counts a task whose erased build fails only for erasure (not applicable), saying so, and runs Verus on it', async () => {
    const fake = createFakeSetup('run-local-crate-failed');
    const validity = await validateTask(task(`use vstd::math::abs;\n${VERIFYING_LIB_RS}`), directory(), TABLES, await VSTD(), null, fake.environment);
    expect(validity).toMatchObject({ valid: true, precheck: expect.stringMatching(/^not applicable \(src\/lib\.rs:1: vstd::math::abs is a spec fn.*\); Verus runs$/) });
    expect(fake.readInvocations().filter((call) => call.tool === 'cargo-verus')).toHaveLength(1);
  }, 300_000);

  it('leaves out a task with a type error in exec code, whatever the verifier would say: Verus is not run', async () => {
    const fake = createFakeSetup('run-local-crate-verified');
    const broken = VERIFYING_LIB_RS.replace('    x + 1\n', '    let flag: bool = x;\n    x + 1\n');
    const validity = await validateTask(task(`use vstd::math::abs;\n${broken}`), directory(), TABLES, await VSTD(), null, fake.environment);
    expect(validity).toMatchObject({ valid: false, reason: 'precheck-failed', detail: expect.stringContaining('E0308') });
    expect(fake.readInvocations().filter((call) => call.tool === 'cargo-verus')).toHaveLength(0);
  }, 300_000);

  it('leaves out a task naming a crate Cargo.toml lacks, with the hint', async () => {
    const fake = createFakeSetup('run-local-crate-failed');
    const validity = await validateTask(task(`extern crate project_helpers;\n${VERIFYING_LIB_RS}`), directory(), TABLES, await VSTD(), null, fake.environment);
    expect(validity).toMatchObject({ valid: false, reason: 'precheck-failed', detail: expect.stringMatching(/project_helpers.*hint: the crate `project_helpers` is not a dependency/) });
  }, 300_000);
});
