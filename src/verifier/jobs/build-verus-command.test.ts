import { describe, expect, it } from 'vitest';
import type { VerificationOptions } from '../../core/verifier.js';
import { buildVerusCommand, type CommandPlacement } from './build-verus-command.js';
import { createRunNonce } from './create-run-nonce.js';

const options: VerificationOptions = { rlimit: 25, expandErrors: false, noCheating: false, timeoutMs: 1000, extraVerusArgs: [] };
const local: CommandPlacement = { relativeFile: null, offline: false, runNonce: '0123456789abcdef' };
const logDir = ['--log-dir', '.verus-log/verus-repair-0123456789abcdef'];

/** What cargo-verus parses as its own options and cargo's: everything between the subcommand and `--`. */
function cargoPart(args: string[]): string[] {
  return args.slice(2, args.indexOf('--'));
}

function verusPart(args: string[]): string[] {
  return args.slice(args.indexOf('--') + 1);
}

describe('buildVerusCommand', () => {
  it('runs cargo verus verify with Verus args sent to the root crate only, JSON via cargo, never a second --error-format', () => {
    const command = buildVerusCommand({ kind: 'crate', crateDir: '/c' }, options, local);
    expect(command).toEqual({
      tool: 'cargo-verus',
      args: ['verus', 'verify', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '--output-json', '--time', '--rlimit', '25', ...logDir],
    });
    expect(command.args.some((argument) => argument.startsWith('--error-format'))).toBe(false);
  });

  it('puts cargo-verus options and --offline before --message-format, which cargo-verus takes as the start of cargo args', () => {
    const { args } = buildVerusCommand({ kind: 'crate', crateDir: '/c' }, { ...options, noCheating: true }, { ...local, offline: true });
    expect(cargoPart(args)).toEqual(['--fwd-verus-args-to', 'roots', '--offline', '--message-format=json']);
    expect(verusPart(args)).toEqual(['--output-json', '--time', '--rlimit', '25', '--no-cheating', ...logDir]);
  });

  it('uses focus with the same cargo part, then the selectors, then the extra args', () => {
    const extra = { ...options, extraVerusArgs: ['--multiple-errors', '4'] };
    const inModule = buildVerusCommand({ kind: 'function', crateDir: '/c', module: 'lemmas::sorted', function: 'lemma_x' }, extra, local);
    expect(inModule.args.slice(0, 2)).toEqual(['verus', 'focus']);
    expect(cargoPart(inModule.args)).toEqual(['--fwd-verus-args-to', 'roots', '--message-format=json']);
    expect(verusPart(inModule.args)).toEqual(['--output-json', '--time', '--rlimit', '25', ...logDir, '--verify-only-module', 'lemmas::sorted', '--verify-function', 'lemma_x', '--multiple-errors', '4']);
    const atRoot = buildVerusCommand({ kind: 'function', crateDir: '/c', module: null, function: 'main_lemma' }, options, local);
    expect(atRoot.args.slice(-3)).toEqual(['--verify-root', '--verify-function', 'main_lemma']);
  });

  it('focuses a whole module with exactly one module selector and no --verify-function', () => {
    const nested = buildVerusCommand({ kind: 'module', crateDir: '/c', module: 'outer::inner' }, options, { ...local, offline: true });
    expect(nested.args.slice(0, 2)).toEqual(['verus', 'focus']);
    expect(nested.args.slice(-2)).toEqual(['--verify-only-module', 'outer::inner']);
    expect(nested.args).not.toContain('--verify-function');
    const root = buildVerusCommand({ kind: 'module', crateDir: '/c', module: null }, options, local);
    expect(root.args.slice(-1)).toEqual(['--verify-root']);
  });

  it('leaves --log-dir to the user when the extra args name one (getopts rejects the option twice)', () => {
    for (const extraVerusArgs of [['--log-dir', 'mine'], ['--log-dir=mine', '--log-all']]) {
      const { args } = buildVerusCommand({ kind: 'crate', crateDir: '/c' }, { ...options, extraVerusArgs }, local);
      expect(args.filter((argument) => argument.startsWith('--log-dir'))).toHaveLength(1);
      expect(args.join(' ')).not.toContain('verus-repair-0123456789abcdef');
    }
  });

  it('sends a fresh log directory per run, so that cargo re-runs the root crate and nothing else', () => {
    const first = buildVerusCommand({ kind: 'crate', crateDir: '/c' }, options, { ...local, runNonce: createRunNonce() });
    const second = buildVerusCommand({ kind: 'crate', crateDir: '/c' }, options, { ...local, runNonce: createRunNonce() });
    const value = (args: string[]) => args[args.indexOf('--log-dir') + 1] ?? '';
    expect(value(first.args)).toMatch(/^\.verus-log\/verus-repair-[0-9a-f]{16}$/);
    expect(value(first.args)).not.toBe(value(second.args));
  });

  it('runs verus directly on a file with --crate-type=lib and rustc JSON diagnostics, then the policy flags and extras, without a nonce', () => {
    const command = buildVerusCommand(
      { kind: 'file', filePath: '/abs/dir/lib.rs', only: { module: null, function: 'f' } },
      { ...options, expandErrors: true, noCheating: true, extraVerusArgs: ['--multiple-errors', '4'] },
      { ...local, relativeFile: 'lib.rs' },
    );
    expect(command).toEqual({
      tool: 'verus',
      args: ['lib.rs', '--crate-type=lib', '--error-format=json', '--output-json', '--time', '--rlimit', '25', '--expand-errors', '--no-cheating', '--verify-root', '--verify-function', 'f', '--multiple-errors', '4'],
    });
  });
});

describe('a stability seed on the command line', () => {
  it('goes after --, after the selectors and the user\'s own Verus args (so it is the seed in force), with the args still forwarded to roots only', async () => {
    const { withSolverSeed } = await import('../stability/with-solver-seed.js');
    const seeded = withSolverSeed({ ...options, extraVerusArgs: ['--smt-option', 'smt.random_seed=99'] }, 2);
    const command = buildVerusCommand({ kind: 'function', crateDir: '/c', module: 'm', function: 'f' }, seeded, local);
    expect(cargoPart(command.args)).toEqual(['--fwd-verus-args-to', 'roots', '--message-format=json']);
    expect(verusPart(command.args).slice(-8)).toEqual(['--verify-only-module', 'm', '--verify-function', 'f', '--smt-option', 'smt.random_seed=99', '--smt-option', 'smt.random_seed=2']);
    const file = buildVerusCommand({ kind: 'file', filePath: '/c/x.rs' }, withSolverSeed(options, 5), { ...local, relativeFile: 'x.rs' });
    expect(file.args.slice(-2)).toEqual(['--smt-option', 'smt.random_seed=5']);
  });
});
