import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { PrecheckResult } from '../../core/verifier-precheck.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import { waivePrecheck } from './precheck-waiver.js';

const facts = { steps: ['build' as const], command: ['cargo', 'build'], wallTimeMs: 10 };
const error: Diagnostic = { kind: 'rustc-resolve', message: "can't find crate for `verus_builtin_macros`\n", severity: 'error', code: 'E0463', origin: 'precheck', primary: { file: 'src/lib.rs', line: 1, column: 1, lineEnd: 1, columnEnd: 35 } as Diagnostic['primary'], secondary: [], notes: [], expansion: null, function: null, location: null };
const buildFailed: PrecheckResult = { ...facts, status: 'build-failed', step: 'build', diagnostics: [error] };
const testFailed: PrecheckResult = { ...facts, steps: ['build', 'test'], status: 'test-failed', failingTests: ['tests::adds_one'], outputTail: '' };
const verdict = (status: VerifierResult['status']) => ({ status }) as VerifierResult;

describe('waivePrecheck', () => {
  it('waives the steps from the one the original failed, when Verus gave the original a verdict', () => {
    expect(waivePrecheck(buildFailed, verdict('failed'))).toEqual({ steps: ['build', 'test'], firstError: "src/lib.rs:1: E0463 can't find crate for `verus_builtin_macros`" });
    expect(waivePrecheck(testFailed, verdict('verified'))).toEqual({ steps: ['test'], firstError: 'test tests::adds_one failed' });
  });

  it('waives nothing when Verus gave no verdict (crash, toolchain error, timeout) or the pre-check passed', () => {
    for (const status of ['crashed', 'toolchain-error', 'timeout'] as const) expect(waivePrecheck(buildFailed, verdict(status))).toBeNull();
    expect(waivePrecheck(buildFailed, null)).toBeNull();
    expect(waivePrecheck({ ...facts, status: 'passed', warnings: [] }, verdict('failed'))).toBeNull();
  });
});
