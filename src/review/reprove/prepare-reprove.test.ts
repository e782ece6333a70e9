import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { defaultReviewConfig } from '../config/read-review-config.js';
import { prepareReprove } from './prepare-reprove.js';

afterAll(removeTemporaryDirectories);

function project(verifierToml: string): string {
  const directory = createTemporaryDirectory('prepare-reprove');
  writeFileSync(path.join(directory, 'verus-repair.toml'), `[model]\nname = "reprove-model"\n\n${verifierToml}`);
  return directory;
}

const KEY = { OPENAI_API_KEY: 'sk-decoy-prepare-reprove' };

describe('prepareReprove', () => {
  // Each mutant's repository gets a copy of the project's config: resolved there, target_dir and the default would point into it.
  it('builds every re-proof in the project\'s shared target directory, not one per mutant repository', async () => {
    const plain = project('');
    expect((await prepareReprove(plain, 'r1', defaultReviewConfig(), {}, KEY)).precheckTargetDir).toBe(path.join(plain, '.verus-repair', 'cargo-target'));
    // A mutant never builds in the user's own CARGO_TARGET_DIR: its artifacts, and the lib cargo copies to the top, would sit there.
    expect((await prepareReprove(plain, 'r1', defaultReviewConfig(), {}, { ...KEY, CARGO_TARGET_DIR: '/shared/target' })).precheckTargetDir).toBe(path.join(plain, '.verus-repair', 'cargo-target'));
    const relative = project('[verifier.precheck]\ntarget_dir = "build/cargo"\n');
    expect((await prepareReprove(relative, 'r1', defaultReviewConfig(), {}, KEY)).precheckTargetDir).toBe(path.join(relative, 'build', 'cargo'));
  });
});
