import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_TARGET_DIR } from '../../../test/fakes/temporary-crate.js';
import { loadVerifierConfig } from '../../verifier/config/read-verifier-config.js';
import { buildHarness } from './build-harness.js';
import { parseCrateFiles } from '../check-spec.js';
import type { FunctionCheckPlan } from '../plan/function-check-plan.js';
import { planFunctionCheck } from '../plan/plan-function-check.js';
import { readCrateSources } from './read-crate-sources.js';
import { runFunctionCheck } from './run-function-check.js';
import { selectSpecTargets } from '../plan/select-spec-targets.js';
import { collectSpecFunctions } from '../types/spec-function-source.js';

const FIXTURE = new URL('../../../rust-fixtures/spec-check/', import.meta.url).pathname;
const ENVIRONMENT = process.env;

async function buildFor(name: string) {
  const files = await readCrateSources(FIXTURE);
  const irs = await parseCrateFiles(files, FIXTURE);
  const specFunctions = collectSpecFunctions(irs);
  const [target] = selectSpecTargets(irs, [name], FIXTURE);
  const planned = planFunctionCheck(target!.fn, target!.file, 0, specFunctions);
  if (planned.kind !== 'plan') throw new Error(`${name}: ${planned.reason}`);
  const { config } = await loadVerifierConfig(FIXTURE);
  // The shared target directory (vstd built there already), as [verifier.precheck] target_dir: scratch builds never use CARGO_TARGET_DIR.
  const shared = { ...config, precheck: { ...config.precheck, targetDir: SHARED_TARGET_DIR } };
  // reuse: false, as these tests are about what a build compiles and names (a rerun would reuse the first run's binary).
  const build = await buildHarness({ crateDir: FIXTURE, files, plans: [planned.plan], specFunctions, config: shared, environment: ENVIRONMENT, reuse: false });
  if (!build.ok) throw new Error(`${name}: ${build.reason}`);
  return { build, plan: planned.plan as FunctionCheckPlan };
}

// Real cargo in the shared target directory, as two spec checks at once (review --jobs 2) use it.
describe('buildHarness', () => {
  let first: Awaited<ReturnType<typeof buildFor>>;
  let second: Awaited<ReturnType<typeof buildFor>>;
  beforeAll(async () => {
    first = await buildFor('clamp_wrong');
    second = await buildFor('clamp');
  }, 600_000);
  afterAll(async () => {
    await rm(first.build.directory, { recursive: true, force: true });
    await rm(second.build.directory, { recursive: true, force: true });
  });

  it('gives each harness crate a binary of its own: a harness built after another does not replace the first one before it runs', async () => {
    // Check 0 of the first harness is clamp_wrong, whose ensures is false at x = lo = hi = 0; the
    // second's is the correct clamp. Running the first path must still run the first harness.
    const run = await runFunctionCheck(first.plan, { executable: first.build.executable, directory: first.build.directory, sandbox: first.build.sandbox, budget: 300, seed: 0, callTimeoutMs: 2000, memoryMb: 1024, environment: ENVIRONMENT });
    expect(run.ok).toBe(true);
    expect(run.lines).toContainEqual(expect.objectContaining({ type: 'ensures-false' }));
    expect(second.build.executable).not.toBe(first.build.executable);
  }, 600_000);

  it('compiles the runtime crate once per target directory: the second harness build compiles its own crate and not the runtime or vstd', () => {
    // Its library and binary, nothing else: not the runtime, nor vstd (which the harness package's own profile settings leave alone).
    expect(second.build.compiled).toEqual(['spec_check', path.basename(second.build.executable)]);
    // The runtime is a crate of its own (a dependency both builds name), not a module compiled into each.
    expect(readFileSync(path.join(second.build.directory, 'Cargo.toml'), 'utf8')).toMatch(/verus-repair-spec-runtime/);
  });
});
