import { describe, expect, it } from 'vitest';
import type { VerifierResult } from '../../core/verifier-result.js';
import type { CandidateVerification } from '../candidate-verification.js';
import { renderCandidateVerification } from './render-candidate-verification.js';

const facts = {
  toolchain: { verusVersion: '0.2026.06.07.cd03505', pinHash: null, imageDigest: null },
  command: ['cargo', 'verus', 'verify'],
  wallTimeMs: 1500,
  origin: { kind: 'local', tool: 'cargo-verus', program: '/opt/verus/cargo-verus', verusVersion: '0.2026.06.07.cd03505' },
} as unknown as Omit<VerifierResult, 'status'>;

function render(verification: VerifierResult): string {
  const outcome: CandidateVerification = { precheck: { status: 'skipped', reason: 'disabled' }, verification, cache: { status: 'bypassed', key: null, note: null } };
  return renderCandidateVerification('crate', outcome, () => null);
}

describe('renderCandidateVerification', () => {
  it('shows each function\'s time and the rlimit use Verus reported, and the total', () => {
    const text = render({
      ...facts,
      status: 'failed',
      diagnostics: [],
      functions: [
        { function: 'demo::add_one', module: 'demo', mode: 'Exec', success: false, timeMs: 170.004, rlimit: 460000 },
        { function: 'demo::spec_sum', module: 'demo', mode: 'Spec', success: true, timeMs: 10.158, rlimit: 10000 },
        { function: 'demo::cvc5_only', module: 'demo', mode: 'Proof', success: true, timeMs: null, rlimit: null },
      ],
    } as VerifierResult);
    expect(text).toContain('  FAILED   demo::add_one (170 ms, rlimit 460000)\n');
    expect(text).toContain('  verified demo::spec_sum (10 ms, rlimit 10000)\n');
    expect(text).toContain('  verified demo::cvc5_only\n');
    expect(text).toContain('functions (rlimit used: 470000):');
  });

  it('explains a run without a results document under cargo: the crate was fresh, and what to do', () => {
    const text = render({ ...facts, status: 'crashed', exitCode: 0, signal: null, stderrTail: '    Finished `dev` profile', reason: 'no-results-document' } as VerifierResult);
    expect(text).toContain('result: CRASHED (exit 0, no-results-document)');
    expect(text).toMatch(/cargo considered the crate fresh/);
    expect(text).toMatch(/--log-dir/);
    expect(text).toMatch(/cargo clean -p/);
  });

  it('says a Verus panic is no verdict, whatever document came with it', () => {
    const text = render({ ...facts, status: 'crashed', exitCode: 101, signal: null, stderrTail: "thread 'rustc' panicked at vir/src/x.rs:1:1:", reason: 'verus-panicked' } as VerifierResult);
    expect(text).toContain('result: CRASHED (exit 101, verus-panicked)');
    expect(text).toMatch(/Verus panicked or reported an internal error/);
  });
});
