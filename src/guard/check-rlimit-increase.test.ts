import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARD_POLICY, type GuardPolicy, type GuardVerdict } from '../core/guard-verdict.js';
import { guardCandidate } from './guard-candidate.js';

// Synthetic: two functions, one with its own rlimit already.
const ORIGINAL = `use vstd::prelude::*;

verus! {

#[verifier::rlimit(20)]
proof fn lemma_tuned(x: int)
    ensures x + 0 == x,
{
}

proof fn lemma_plain(x: int)
    ensures x * 1 == x,
{
}

} // verus!
`;

const encoder = new TextEncoder();

async function guard(candidate: string, policy: GuardPolicy = DEFAULT_GUARD_POLICY): Promise<GuardVerdict> {
  const original = new Map([['src/lib.rs', encoder.encode(ORIGINAL)]]);
  return guardCandidate({ original, candidate: new Map([['src/lib.rs', encoder.encode(candidate)]]), editableFiles: ['src/lib.rs'], policy });
}

function violations(verdict: GuardVerdict): Array<{ rule: string; function: string | null }> {
  return verdict.verdict === 'reject' ? verdict.violations.map((violation) => ({ rule: violation.rule, function: violation.function })) : [];
}

const allowing: GuardPolicy = { ...DEFAULT_GUARD_POLICY, allowRlimitIncrease: true };

describe('the guard on #[verifier::rlimit(..)]', () => {
  it('rejects an rlimit added to a function that had none, naming the function and the config switch', async () => {
    const verdict = await guard(ORIGINAL.replace('proof fn lemma_plain', '#[verifier::rlimit(15)]\nproof fn lemma_plain'));
    expect(violations(verdict)).toEqual([{ rule: 'rlimit-raised', function: 'lemma_plain' }]);
    expect(verdict.verdict === 'reject' ? verdict.violations[0]?.message : '').toMatch(/allow_rlimit_increase = true/);
  });

  it('rejects a raised rlimit and infinity, added or in place of a number', async () => {
    expect(violations(await guard(ORIGINAL.replace('rlimit(20)', 'rlimit(25)')))).toEqual([{ rule: 'rlimit-raised', function: 'lemma_tuned' }]);
    expect(violations(await guard(ORIGINAL.replace('rlimit(20)', 'rlimit(infinity)')))).toEqual([{ rule: 'rlimit-raised', function: 'lemma_tuned' }]);
    expect(violations(await guard(ORIGINAL.replace('proof fn lemma_plain', '#[verifier::rlimit(infinity)]\nproof fn lemma_plain')))).toEqual([{ rule: 'rlimit-raised', function: 'lemma_plain' }]);
  });

  it('rejects an rlimit on a new lemma too', async () => {
    const added = ORIGINAL.replace('} // verus!', '#[verifier::rlimit(5)]\nproof fn lemma_new() ensures true {}\n\n} // verus!');
    expect(violations(await guard(added))).toEqual([{ rule: 'rlimit-raised', function: 'lemma_new' }]);
  });

  it('accepts an unchanged or lowered rlimit, and removing one', async () => {
    const body = (text: string) => text.replace('    ensures x + 0 == x,\n{\n}', '    ensures x + 0 == x,\n{\n    assert(x + 0 == x);\n}');
    expect(await guard(body(ORIGINAL))).toEqual({ verdict: 'accept', allowedSpecChanges: [] });
    expect(await guard(ORIGINAL.replace('rlimit(20)', 'rlimit(12)'))).toEqual({ verdict: 'accept', allowedSpecChanges: [] });
    expect(await guard(ORIGINAL.replace('#[verifier::rlimit(20)]\n', ''))).toEqual({ verdict: 'accept', allowedSpecChanges: [] });
  });

  it('with allow_rlimit_increase accepts an increase up to the ceiling, never above it', async () => {
    expect(await guard(ORIGINAL.replace('rlimit(20)', 'rlimit(40)'), allowing)).toEqual({ verdict: 'accept', allowedSpecChanges: [] });
    expect(await guard(ORIGINAL.replace('proof fn lemma_plain', '#[verifier::rlimit(15)]\nproof fn lemma_plain'), allowing)).toEqual({ verdict: 'accept', allowedSpecChanges: [] });
    expect(violations(await guard(ORIGINAL.replace('rlimit(20)', 'rlimit(infinity)'), allowing))).toEqual([{ rule: 'rlimit-above-ceiling', function: 'lemma_tuned' }]);
  });
});
