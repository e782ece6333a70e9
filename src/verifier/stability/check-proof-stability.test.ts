import { describe, expect, it } from 'vitest';
import type { VerificationOptions, VerificationTarget, Verifier } from '../../core/verifier.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import { checkProofStability } from './check-proof-stability.js';
import { describeStability, renderRlimitMargin } from './describe-stability.js';

const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 1000, extraVerusArgs: ['--multiple-errors', '4'] };

/** A scripted in-memory verifier: the verdict and the rlimit counts depend on the seed it is sent (synthetic). */
function seedDependentVerifier(failingSeeds: readonly number[], useBySeed: Record<number, number>): { verifier: Verifier; calls: Array<{ target: VerificationTarget; args: string[] }> } {
  const calls: Array<{ target: VerificationTarget; args: string[] }> = [];
  const verifier: Verifier = {
    runner: 'local',
    async verify(target, runOptions): Promise<VerifierResult> {
      calls.push({ target, args: runOptions.extraVerusArgs });
      const seedArg = runOptions.extraVerusArgs.filter((arg) => arg.startsWith('smt.random_seed=')).pop();
      const seed = Number(seedArg?.split('=')[1] ?? 0);
      const facts = { toolchain: { verusVersion: 'fake', pinHash: null, imageDigest: null }, command: ['cargo', ...runOptions.extraVerusArgs], wallTimeMs: 10, origin: { kind: 'recorded' as const, source: 'test', synthetic: true } };
      const functions = [{ function: 'lemma_a', module: null, mode: 'proof', success: !failingSeeds.includes(seed), timeMs: 1, rlimit: useBySeed[seed] ?? 1000 }];
      return failingSeeds.includes(seed)
        ? { ...facts, status: 'failed', functions, diagnostics: [{ kind: 'assertion', message: 'assertion failed', severity: 'error', code: null, origin: 'verus', primary: null, secondary: [], notes: [], expansion: null, function: 'lemma_a', location: null }] }
        : { ...facts, status: 'verified', functions, diagnostics: [] };
    },
  };
  return { verifier, calls };
}

const targets: VerificationTarget[] = [{ kind: 'function', crateDir: '/c', module: null, function: 'lemma_a' }, { kind: 'module', crateDir: '/c', module: 'util' }];

describe('checkProofStability', () => {
  it('re-verifies every target under each seed, the seed last among the Verus args, and counts the seeds that passed', async () => {
    const { verifier, calls } = seedDependentVerifier([3], { 1: 9_000_000, 2: 16_500_000 });
    const report = await checkProofStability(targets, options, { verifier, prechecker: null, cache: null, precheckRunsTests: false }, [1, 2, 3]);
    expect(describeStability(report)).toBe('unstable 2/3');
    expect(report.runs.map((run) => [run.seed, run.status])).toEqual([[1, 'verified'], [2, 'verified'], [3, 'failed']]);
    expect(report.runs[2]?.diagnostics.map((diagnostic) => diagnostic.message)).toEqual(['assertion failed']);
    // Seed 3 fails on its first target, so its second target is never run.
    expect(calls.map((call) => call.args.slice(-2).join(' '))).toEqual(['--smt-option smt.random_seed=1', '--smt-option smt.random_seed=1', '--smt-option smt.random_seed=2', '--smt-option smt.random_seed=2', '--smt-option smt.random_seed=3']);
    expect(calls[0]?.args.slice(0, 2)).toEqual(['--multiple-errors', '4']);
    expect(report.verifierWallTimeMs).toBe(50);
  });

  it('reports the margin as the highest use over --rlimit x 3,000,000 and flags more than half as near the limit', async () => {
    const { verifier } = seedDependentVerifier([], { 1: 9_000_000, 2: 16_500_000 });
    const report = await checkProofStability(targets.slice(0, 1), options, { verifier, prechecker: null, cache: null, precheckRunsTests: false }, [1, 2]);
    expect(report).toMatchObject({ stable: true, passed: 2, total: 2, margin: { limit: 30_000_000, highestUse: 16_500_000, function: 'lemma_a', seed: 2, nearLimit: true } });
    expect(renderRlimitMargin(report.margin)).toBe('0.550 (16500000 of 30000000, lemma_a, seed 2); near the limit');
    const low = await checkProofStability(targets.slice(0, 1), { ...options, rlimit: 20 }, { verifier, prechecker: null, cache: null, precheckRunsTests: false }, [1, 2]);
    expect(low.margin).toMatchObject({ limit: 60_000_000, nearLimit: false });
    const infinite = await checkProofStability(targets.slice(0, 1), { ...options, rlimit: Infinity }, { verifier, prechecker: null, cache: null, precheckRunsTests: false }, [1]);
    expect(renderRlimitMargin(infinite.margin)).toBe('none (no finite limit)');
  });

  it('counts a seed whose run is a toolchain error or a crash as undecided, not as a failure of the proof', async () => {
    const { verifier } = seedDependentVerifier([], {});
    const broken: Verifier = {
      runner: 'local',
      async verify(target, runOptions): Promise<VerifierResult> {
        const seed = runOptions.extraVerusArgs.at(-1);
        const facts = { toolchain: { verusVersion: 'fake', pinHash: null, imageDigest: null }, command: ['cargo'], wallTimeMs: 10, origin: { kind: 'recorded' as const, source: 'test', synthetic: true } };
        if (seed === 'smt.random_seed=2') return { ...facts, status: 'toolchain-error', problem: 'docker-unreachable', message: 'docker: Cannot connect to the Docker daemon' };
        if (seed === 'smt.random_seed=3') return { ...facts, status: 'crashed', exitCode: null, signal: 'SIGKILL', stderrTail: '' };
        return verifier.verify(target, runOptions);
      },
    };
    const report = await checkProofStability(targets.slice(0, 1), options, { verifier: broken, prechecker: null, cache: null, precheckRunsTests: false }, [1, 2, 3]);
    expect(report).toMatchObject({ passed: 1, total: 3, stable: false, undecided: 2 });
    expect(describeStability(report)).toBe('undecided 1/3');
    expect(report.runs.map((run) => [run.seed, run.status, run.reason])).toEqual([[1, 'verified', undefined], [2, 'toolchain-error', 'docker: Cannot connect to the Docker daemon'], [3, 'crashed', 'the verifier crashed (exit SIGKILL)']]);
    // One real failure among them makes it unstable: that seed is evidence.
    expect(describeStability({ passed: 1, total: 3, stable: false, undecided: 1 })).toBe('unstable 1/3');
  });
});
