import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV } from '../../test/fakes/fake-environment.js';
import { SHARED_TARGET_DIR, VERIFYING_LIB_RS } from '../../test/fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../test/fakes/temporary-directory.js';
import { PACKAGED_PIN_FILE } from '../verifier/toolchain/packaged-paths.js';
import { loadToolchainPin } from '../verifier/toolchain/read-toolchain-pin.js';
import type { BenchTask } from './bench-task.js';
import { validateTask } from './validate-task.js';

afterAll(removeTemporaryDirectories);

// A single file from a verified project names the project's own crates, which the scratch crate cannot have.
const task = (brokenSource: string): BenchTask => ({
  id: 'from-a-project', crateDir: null, file: 'src/lib.rs', brokenSource, originalSource: null, functions: [], defectClass: null, expectedFailingFunction: null, defects: 1, origin: 'test',
});
const TABLES = { verifier: { runner: 'local', pass_env: FAKE_PASS_ENV, precheck: { target_dir: SHARED_TARGET_DIR, offline: true } }, queue: null };

describe('validateTask (real erased cargo, fake cargo-verus)', () => {
  it('counts a task whose broken file fails the erased pre-check when Verus gives it a verdict, naming the pre-check it skips', async () => {
    const fake = createFakeSetup('run-local-crate-failed');
    const validity = await validateTask(task(`extern crate project_helpers;\n${VERIFYING_LIB_RS}`), path.join(createTemporaryDirectory('validate'), 'task'), TABLES, (await loadToolchainPin(PACKAGED_PIN_FILE)).vstd, null, fake.environment);
    expect(validity).toMatchObject({ valid: true, precheckWaiver: { steps: ['build', 'test'], firstError: expect.stringContaining('project_helpers') } });
    expect(fake.readInvocations().filter((call) => call.tool === 'cargo-verus')).toHaveLength(1);
  }, 300_000);

  it('still leaves it out when Verus gives no verdict either, saying both', async () => {
    const fake = createFakeSetup('run-crash-no-diagnostics');
    const validity = await validateTask(task(`extern crate project_helpers;\n${VERIFYING_LIB_RS}`), path.join(createTemporaryDirectory('validate'), 'task'), TABLES, (await loadToolchainPin(PACKAGED_PIN_FILE)).vstd, null, fake.environment);
    expect(validity).toMatchObject({ valid: false, reason: 'verifier-problem', detail: expect.stringMatching(/erased pre-check \(.*project_helpers.*\).*crashed/) });
  }, 300_000);
});
