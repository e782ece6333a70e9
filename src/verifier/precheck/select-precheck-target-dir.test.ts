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

  it('never builds a scratch copy in the user\'s CARGO_TARGET_DIR: the project\'s shared directory, or the configured target_dir', () => {
    expect(buildPrecheckJob('build', '/tmp/scratch', defaults, { CARGO_TARGET_DIR: '/home/me/target' }).env['CARGO_TARGET_DIR']).toBe('/project/.verus-repair/cargo-target');
    expect(selectPrecheckTargetDir(defaults.precheck, { CARGO_TARGET_DIR: '/home/me/target' }, 'scratch')).toBe('/project/.verus-repair/cargo-target');
    const configured = readVerifierConfig('[verifier.precheck]\ntarget_dir = "shared/target"\n', '/repo/verus-repair.toml', '/repo').config;
    expect(configured === null ? null : buildPrecheckJob('build', '/tmp/scratch', configured, { CARGO_TARGET_DIR: '/home/me/target' }).env['CARGO_TARGET_DIR']).toBe('/repo/shared/target');
  });

  it('builds the user\'s own crate in their CARGO_TARGET_DIR when set (resolved where they set it), the configured target_dir over both', () => {
    expect(buildPrecheckJob('build', '/home/me/crate', defaults, { CARGO_TARGET_DIR: '/home/me/target' }, { doctests: false, owner: 'user' }).env['CARGO_TARGET_DIR']).toBe('/home/me/target');
    expect(selectPrecheckTargetDir(defaults.precheck, { CARGO_TARGET_DIR: 'build/target' }, 'user', '/home/me/work')).toBe('/home/me/work/build/target');
    expect(selectPrecheckTargetDir(defaults.precheck, {}, 'user')).toBe('/project/.verus-repair/cargo-target');
    const configured = readVerifierConfig('[verifier.precheck]\ntarget_dir = "shared/target"\n', '/repo/verus-repair.toml', '/repo').config;
    expect(configured === null ? null : selectPrecheckTargetDir(configured.precheck, { CARGO_TARGET_DIR: '/home/me/target' }, 'user')).toBe('/repo/shared/target');
  });
});

describe('buildPrecheckJob for one-off scratch builds', () => {
  const config = defaultVerifierConfig('/project');

  it('turns incremental compilation off: no scratch copy is ever built twice, so its incremental state is pure cost', () => {
    expect(buildPrecheckJob('build', '/tmp/scratch', config, { CARGO_INCREMENTAL: '1' }).env['CARGO_INCREMENTAL']).toBe('0');
  });

  it('runs doctests only when the crate has a doc comment with a code block (rustdoc costs a third of cargo test)', () => {
    expect(buildPrecheckJob('test', '/tmp/scratch', config, {}).command).toEqual(['cargo', 'test', '--no-fail-fast', '--tests', '--message-format=json']);
    expect(buildPrecheckJob('test', '/tmp/scratch', config, {}, { doctests: true }).command).toEqual(['cargo', 'test', '--no-fail-fast', '--message-format=json']);
  });
});
