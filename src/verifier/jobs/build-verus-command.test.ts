import { describe, expect, it } from 'vitest';
import type { VerificationOptions } from '../../core/verifier.js';
import { buildVerusCommand } from './build-verus-command.js';

const options: VerificationOptions = { rlimit: 25, expandErrors: false, noCheating: false, timeoutMs: 1000, extraVerusArgs: [] };

describe('buildVerusCommand', () => {
  it('runs cargo verus verify for a crate, JSON via cargo, never a second --error-format', () => {
    const command = buildVerusCommand({ kind: 'crate', crateDir: '/c' }, options, { relativeFile: null, offline: false });
    expect(command).toEqual({ tool: 'cargo-verus', args: ['verus', 'verify', '--message-format=json', '--', '--output-json', '--time', '--rlimit', '25'] });
    expect(command.args.some((argument) => argument.startsWith('--error-format'))).toBe(false);
  });

  it('puts --offline before any Verus-irrelevant cargo option, as cargo-verus requires', () => {
    const { args } = buildVerusCommand({ kind: 'crate', crateDir: '/c' }, options, { relativeFile: null, offline: true });
    expect(args.slice(0, 4)).toEqual(['verus', 'verify', '--offline', '--message-format=json']);
  });

  it('uses focus with --verify-only-module for one function, and --verify-root for the crate root', () => {
    const inModule = buildVerusCommand({ kind: 'function', crateDir: '/c', module: 'lemmas::sorted', function: 'lemma_x' }, options, { relativeFile: null, offline: false });
    expect(inModule.args.slice(0, 2)).toEqual(['verus', 'focus']);
    expect(inModule.args.slice(-4)).toEqual(['--verify-only-module', 'lemmas::sorted', '--verify-function', 'lemma_x']);
    const atRoot = buildVerusCommand({ kind: 'function', crateDir: '/c', module: null, function: 'main_lemma' }, options, { relativeFile: null, offline: false });
    expect(atRoot.args.slice(-3)).toEqual(['--verify-root', '--verify-function', 'main_lemma']);
  });

  it('focuses a whole module with exactly one module selector and no --verify-function', () => {
    const nested = buildVerusCommand({ kind: 'module', crateDir: '/c', module: 'outer::inner' }, options, { relativeFile: null, offline: true });
    expect(nested.args.slice(0, 4)).toEqual(['verus', 'focus', '--offline', '--message-format=json']);
    expect(nested.args.slice(-2)).toEqual(['--verify-only-module', 'outer::inner']);
    expect(nested.args).not.toContain('--verify-function');
    const root = buildVerusCommand({ kind: 'module', crateDir: '/c', module: null }, options, { relativeFile: null, offline: false });
    expect(root.args.slice(-1)).toEqual(['--verify-root']);
  });

  it('runs verus directly on a file with --crate-type=lib and rustc JSON diagnostics, then the policy flags and extras', () => {
    const command = buildVerusCommand(
      { kind: 'file', filePath: '/abs/dir/lib.rs', only: { module: null, function: 'f' } },
      { ...options, expandErrors: true, noCheating: true, extraVerusArgs: ['--multiple-errors', '4'] },
      { relativeFile: 'lib.rs', offline: false },
    );
    expect(command).toEqual({
      tool: 'verus',
      args: ['lib.rs', '--crate-type=lib', '--error-format=json', '--output-json', '--time', '--rlimit', '25', '--expand-errors', '--no-cheating', '--verify-root', '--verify-function', 'f', '--multiple-errors', '4'],
    });
  });
});
