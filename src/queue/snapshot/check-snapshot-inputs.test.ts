import { describe, expect, it } from 'vitest';
import { checkExtraVerusArguments } from '../../verifier/jobs/extra-verus-argument-allow-list.js';
import { checkSnapshotInputs, compareWithKeyedInputs } from './check-snapshot-inputs.js';

const files = (...names: string[]) => names.map((name) => ({ path: name, bytes: Buffer.from('') }));

describe('what a job may carry', () => {
  it('a crate snapshot holds its verification inputs only, and no cargo configuration or toolchain file anywhere', () => {
    const crate = { kind: 'crate', crateDir: '.' as const };
    expect(checkSnapshotInputs(files('Cargo.toml', 'Cargo.lock', 'build.rs', 'src/lib.rs', 'src/a/b.rs'), crate)).toBeNull();
    expect(checkSnapshotInputs(files('Cargo.toml', '.cargo/config.toml'), crate)).toMatch(/"\.cargo\/config\.toml" is cargo configuration/);
    expect(checkSnapshotInputs(files('Cargo.toml', 'src/.cargo/config'), crate)).toMatch(/cargo configuration/);
    expect(checkSnapshotInputs(files('Cargo.toml', 'rust-toolchain.toml'), crate)).toMatch(/toolchain override/);
    expect(checkSnapshotInputs(files('Cargo.toml', 'evil/Cargo.toml'), crate)).toMatch(/"evil\/Cargo\.toml" is not a verification input of a crate/);
    expect(checkSnapshotInputs(files('x.rs', 'rust-toolchain'), { kind: 'file', filePath: 'x.rs' })).toMatch(/toolchain override/);
    expect(compareWithKeyedInputs(['x.rs', 'y.rs'], ['x.rs'])).toMatch(/"y\.rs" is not a verification input/);
    expect(compareWithKeyedInputs(['x.rs'], ['x.rs'])).toBeNull();
  });

  it('Verus flags: only the ones verus-repair sends, with their value shapes', () => {
    expect(checkExtraVerusArguments([])).toBeNull();
    expect(checkExtraVerusArguments(['--expand-errors', '--rlimit', '20', '--verify-only-module', 'a::b', '--verify-function', '*search'])).toBeNull();
    expect(checkExtraVerusArguments(['--log-dir', '/root/.ssh/x'])).toMatch(/"--log-dir" is not one verus-repair itself sends/);
    expect(checkExtraVerusArguments(['--rlimit', '1; rm -rf /'])).toMatch(/--rlimit needs a value/);
    expect(checkExtraVerusArguments(['--verify-only-module'])).toMatch(/needs a value/);
    expect(checkExtraVerusArguments(['--multiple-errors', '4', '--smt-option', 'smt.random_seed=3'])).toBeNull();
    expect(checkExtraVerusArguments(['--smt-option', 'smt.arith.solver=2'])).toMatch(/--smt-option needs a value/);
    expect(checkExtraVerusArguments(['--multiple-errors', '-1'])).toMatch(/--multiple-errors needs a value/);
    expect(checkExtraVerusArguments(['--compile'])).toMatch(/not one verus-repair itself sends/);
  });
});
