import { describe, expect, it } from 'vitest';
import { defaultVerifierConfig, readVerifierConfig } from '../config/read-verifier-config.js';
import { buildPrecheckJob } from './build-precheck-job.js';
import { selectPrecheckTargetDir } from './select-precheck-target-dir.js';

describe('selectPrecheckTargetDir', () => {
  const defaults = defaultVerifierConfig('/project');

  it('shares <project>/.verus-repair/cargo-target by default, for every scratch build of the project', () => {
    expect(selectPrecheckTargetDir(defaults.precheck, {})).toBe('/project/.verus-repair/cargo-target');
    expect(buildPrecheckJob('build', '/tmp/verus-repair-review-m1-x', defaults, {}).env['CARGO_TARGET_DIR']).toBe('/project/.verus-repair/cargo-target');
    expect(buildPrecheckJob('test', '/tmp/verus-repair-review-m2-y', defaults, {}).env['CARGO_TARGET_DIR']).toBe('/project/.verus-repair/cargo-target');
  });

  it('uses the user\'s CARGO_TARGET_DIR when set (resolved where the user set it), and the configured target_dir over both', () => {
    expect(buildPrecheckJob('build', '/tmp/scratch', defaults, { CARGO_TARGET_DIR: '/home/me/target' }).env['CARGO_TARGET_DIR']).toBe('/home/me/target');
    expect(selectPrecheckTargetDir(defaults.precheck, { CARGO_TARGET_DIR: 'build/target' }, '/home/me/work')).toBe('/home/me/work/build/target');
    const configured = readVerifierConfig('[verifier.precheck]\ntarget_dir = "shared/target"\n', '/repo/verus-repair.toml', '/repo').config;
    expect(configured === null ? null : buildPrecheckJob('build', '/tmp/scratch', configured, { CARGO_TARGET_DIR: '/home/me/target' }).env['CARGO_TARGET_DIR']).toBe('/repo/shared/target');
  });
});
