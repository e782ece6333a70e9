import { describe, expect, it } from 'vitest';
import type { PrecheckResult } from '../../core/verifier-precheck.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import { parseVerusSource } from '../../ir/index.js';
import { checkSpecEntailment, type EntailmentLemmaOutcome } from './check-spec-entailment.js';

const source = (ensures: string) => `use vstd::prelude::*;\nverus! {\nfn f(x: u8) -> (r: u8)\n    ensures ${ensures},\n{ x }\n}\n`;
const facts = { steps: ['build' as const], command: ['cargo', 'build'], wallTimeMs: 1 };
const verified: VerifierResult = { toolchain: { verusVersion: null, pinHash: null, imageDigest: null }, command: ['stub'], wallTimeMs: 1, origin: { kind: 'recorded', source: 'test stub', synthetic: true }, status: 'verified', functions: [], diagnostics: [] };

async function verdicts(precheck: PrecheckResult): Promise<string[]> {
  const previous = await parseVerusSource(source('r == x'), { file: 'src/lib.rs' });
  const current = await parseVerusSource(source('r >= x'), { file: 'src/lib.rs' });
  const outcome: EntailmentLemmaOutcome = { precheck, verification: precheck.status === 'passed' || precheck.status === 'not-applicable' ? verified : null };
  const results = await checkSpecEntailment(previous, current, 1, async () => outcome);
  return results.map((result) => result.verdict);
}

describe('checkSpecEntailment and the erased pre-check of a lemma', () => {
  it('lets the verifier decide when the pre-check is not applicable (erasure explains the failure), as when it passed', async () => {
    const passed = await verdicts({ ...facts, status: 'passed', warnings: [] });
    const notApplicable = await verdicts({ ...facts, status: 'not-applicable', step: 'build', causes: [{ rule: 'ghost-vstd-import', file: 'src/lib.rs', line: 1, item: 'vstd::math::abs', description: 'a spec fn' }], diagnostics: [] });
    expect(passed.length).toBeGreaterThan(0);
    expect(passed.every((verdict) => verdict === 'holds')).toBe(true);
    expect(notApplicable).toEqual(passed);
  });

  it('rejects the probe when the lemma\'s erased build fails in code Verus sees too', async () => {
    const failed = await verdicts({ ...facts, status: 'build-failed', step: 'build', diagnostics: [] });
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((verdict) => verdict === 'probe-rejected')).toBe(true);
  });
});
