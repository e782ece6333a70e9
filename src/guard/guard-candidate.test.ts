import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARD_POLICY, type GuardPolicy, type GuardVerdict } from '../core/guard-verdict.js';
import { guardCandidate } from './guard-candidate.js';

const ORIGINAL = `use vstd::prelude::*;

fn plain_helper() -> u32 { 7 }

verus! {

spec fn double(x: int) -> int { 2 * x }

fn sum_to(n: u32) -> (r: u64)
    requires n < 1000,
    ensures r == n * (n + 1) / 2,
{
    let mut i: u32 = 0;
    let mut total: u64 = 0;
    while i < n
        invariant i <= n, total == i * (i + 1) / 2,
        decreases n - i,
    {
        i = i + 1;
        total = total + i as u64;
    }
    total
}

} // verus!
`;

const encoder = new TextEncoder();

async function guard(candidateText: string, options: { policy?: GuardPolicy; extra?: Record<string, string> } = {}): Promise<GuardVerdict> {
  const original = new Map([['src/lib.rs', encoder.encode(ORIGINAL)], ['Cargo.toml', encoder.encode('[package]\nname = "x"\n')]]);
  const candidate = new Map(original);
  candidate.set('src/lib.rs', encoder.encode(candidateText));
  for (const [path, text] of Object.entries(options.extra ?? {})) candidate.set(path, encoder.encode(text));
  return guardCandidate({ original, candidate, editableFiles: ['src/lib.rs'], policy: options.policy ?? DEFAULT_GUARD_POLICY });
}

function rules(verdict: GuardVerdict): string[] {
  return verdict.verdict === 'reject' ? verdict.violations.map((violation) => violation.rule) : [];
}

describe('guardCandidate', () => {
  it('accepts proof-only edits: a stronger invariant, an assert, a proof block and a new lemma, reformatted', async () => {
    const candidate = ORIGINAL
      .replace('invariant i <= n,', 'invariant\n            i <= n,\n            total <= u64::MAX,')
      .replace('        i = i + 1;', '        assert(i < n);\n        proof { lemma_fact(); }\n        i = i + 1;   // step')
      .replace('spec fn double', 'proof fn lemma_fact() ensures true {}\n\nspec fn double');
    expect(await guard(candidate)).toEqual({ verdict: 'accept', allowedSpecChanges: [] });
  });

  it('rejects a change to executable code, naming the function and line', async () => {
    const verdict = await guard(ORIGINAL.replace('total = total + i as u64;', 'total = total + 2 * i as u64;'));
    expect(verdict).toMatchObject({ verdict: 'reject', violations: [{ rule: 'exec-code-changed', function: 'sum_to', line: 9 }] });
  });

  it('rejects weakened specifications unless the policy unfreezes that clause', async () => {
    const weakened = ORIGINAL.replace('ensures r == n * (n + 1) / 2,', 'ensures true,');
    expect(rules(await guard(weakened))).toEqual(['spec-changed']);
    const allowed = await guard(weakened, { policy: { ...DEFAULT_GUARD_POLICY, allowSpecChanges: ['sum_to.ensures'] } });
    expect(allowed).toEqual({ verdict: 'accept', allowedSpecChanges: [{ function: 'sum_to', clause: 'ensures' }] });
    expect(rules(await guard(ORIGINAL.replace('{ 2 * x }', '{ 2 * x + 0 }')))).toEqual(['spec-changed']);
  });

  it('rejects added cheat constructs, requires false and a high rlimit', async () => {
    expect(rules(await guard(ORIGINAL.replace('    total\n}', '    proof { assume(false); }\n    total\n}')))).toEqual(['cheat-construct-added']);
    expect(rules(await guard(ORIGINAL.replace('fn sum_to', '#[verifier::external_body]\nfn sum_to')))).toEqual(['cheat-construct-added']);
    expect(rules(await guard(ORIGINAL.replace('    total\n}', '    proof { r#admit(); }\n    total\n}')))).toEqual(['cheat-construct-added']);
    expect(rules(await guard(ORIGINAL.replace('fn sum_to', '#[verifier::r#external_body]\nfn sum_to')))).toEqual(['cheat-construct-added']);
    expect(rules(await guard(ORIGINAL.replace('spec fn double', 'proof fn lemma_bad() requires false ensures 1 == 2 {}\n\nspec fn double')))).toEqual(['requires-false']);
    expect(rules(await guard(ORIGINAL.replace('fn sum_to', '#[verifier::rlimit(1000)]\nfn sum_to')))).toEqual(['rlimit-raised']);
    expect(rules(await guard(ORIGINAL.replace('fn sum_to', '#[verifier::rlimit(1000)]\nfn sum_to'), { policy: { ...DEFAULT_GUARD_POLICY, allowRlimitIncrease: true } }))).toEqual(['rlimit-above-ceiling']);
  });

  it('rejects edits outside verus!, to other files, and new files', async () => {
    expect(rules(await guard(ORIGINAL.replace('{ 7 }', '{ 8 }')))).toEqual(['edit-outside-verus']);
    expect(rules(await guard(ORIGINAL, { extra: { 'Cargo.toml': '[package]\nname = "y"\n' } }))).toEqual(['file-not-allowed']);
    expect(rules(await guard(ORIGINAL, { extra: { 'src/extra.rs': 'fn x() {}\n' } }))).toEqual(['file-added']);
  });

  it('with target functions, rejects changes to other functions but allows new lemmas', async () => {
    const policy = { ...DEFAULT_GUARD_POLICY, targetFunctions: ['sum_to'] };
    expect(rules(await guard(ORIGINAL.replace('{ 2 * x }', '{ 2 * x }\n\nproof fn lemma_new() ensures true {}'), { policy }))).toEqual([]);
    const touched = ORIGINAL.replace('spec fn double(x: int) -> int { 2 * x }', 'spec fn double(x: int) -> int\n    recommends x > 0\n{ 2 * x }');
    expect(rules(await guard(touched, { policy }))).toEqual(['function-not-targeted', 'spec-changed']);
  });

  it('rejects a #[path] module, a new file module and include macros: each makes the crate read a file nobody guarded', async () => {
    const evil = ORIGINAL
      .replace('spec fn double', '#[path = "/tmp/evil.rs"]\nmod evil;\n\nspec fn double')
      .replace('    total\n}', '    proof { evil::lemma_false(); }\n    total\n}');
    const verdict = await guard(evil);
    expect(verdict).toMatchObject({ verdict: 'reject', violations: [{ rule: 'module-path-added', function: null, line: 7, message: expect.stringContaining('/tmp/evil.rs') }] });
    expect(rules(await guard(ORIGINAL.replace('spec fn double', 'mod helpers;\n\nspec fn double')))).toEqual(['module-file-added']);
    const included = await guard(ORIGINAL.replace('    total\n}', '    proof { let bytes = include_bytes!("/etc/passwd"); }\n    total\n}'));
    expect(included).toMatchObject({ verdict: 'reject', violations: [{ rule: 'include-macro-added', function: null, message: expect.stringContaining('include_bytes!') }] });
    expect(rules(await guard(ORIGINAL.replace('{ 2 * x }', '{ 2 * x }\nconst S: &str = core::include_str!("/x");')))).toEqual(['include-macro-added']);
    expect(rules(await guard(ORIGINAL.replace('{ 2 * x }', '{ 2 * x }\nuse std::include as inc;')))).toEqual(['include-macro-added']);
    expect(rules(await guard(ORIGINAL.replace('{ 2 * x }', '{ 2 * x }\n#[cfg_attr(all(), path = "/tmp/e.rs")]\nmod m {}')))).toEqual(['module-path-added']);
    expect(rules(await guard(ORIGINAL.replace('{ 2 * x }', '{ 2 * x }\nconst T: &str = r#include_str!("/x");')))).toEqual(['include-macro-added']);
  });

  it('rejects #[path] and include! outside verus! too, naming the specific rule', async () => {
    const outside = ORIGINAL.replace('fn plain_helper', '#[path = "/tmp/evil.rs"]\nmod evil;\nfn plain_helper');
    expect(rules(await guard(outside))).toEqual(['edit-outside-verus', 'module-path-added']);
    expect(rules(await guard(ORIGINAL.replace('{ 7 }', '{ include!("/tmp/seven.rs") }')))).toEqual(['edit-outside-verus', 'include-macro-added']);
  });

  it('accepts file-loading constructs the original already had, and rejects a changed #[path]', async () => {
    const withModule = ORIGINAL.replace('spec fn double', '#[path = "lemmas.rs"]\nmod lemmas;\n\nspec fn double');
    const original = new Map([['src/lib.rs', encoder.encode(withModule)]]);
    const check = (text: string) => guardCandidate({ original, candidate: new Map([['src/lib.rs', encoder.encode(text)]]), editableFiles: ['src/lib.rs'], policy: DEFAULT_GUARD_POLICY });
    expect(await check(withModule.replace('        i = i + 1;', '        assert(i < n);\n        i = i + 1;'))).toEqual({ verdict: 'accept', allowedSpecChanges: [] });
    expect(rules(await check(withModule.replace('"lemmas.rs"', '"/tmp/lemmas.rs"')))).toEqual(['module-path-added']);
  });

  it('with target functions, allows strengthening the body of an existing proof fn, but not its contract, attributes or cheats', async () => {
    const withLemma = ORIGINAL.replace('spec fn double', 'proof fn lemma_step(i: int)\n    ensures i + 1 > i,\n{\n}\n\nspec fn double');
    const original = new Map([['src/lib.rs', encoder.encode(withLemma)]]);
    const policy = { ...DEFAULT_GUARD_POLICY, targetFunctions: ['sum_to'] };
    const check = (text: string) => guardCandidate({ original, candidate: new Map([['src/lib.rs', encoder.encode(text)]]), editableFiles: ['src/lib.rs'], policy });
    expect(await check(withLemma.replace('    ensures i + 1 > i,\n{\n}', '    ensures i + 1 > i,\n{\n    assert(i + 1 > i) by (nonlinear_arith);\n}'))).toEqual({ verdict: 'accept', allowedSpecChanges: [] });
    expect(rules(await check(withLemma.replace('ensures i + 1 > i,', 'ensures i + 1 >= i,')))).toEqual(['function-not-targeted', 'spec-changed']);
    expect(await check(withLemma.replace('proof fn lemma_step', '#[verifier::spinoff_prover]\nproof fn lemma_step'))).toMatchObject({
      violations: [{ rule: 'function-not-targeted', message: 'the attributes, signature or clauses of lemma_step changed, but only sum_to may be edited (the body of an existing proof fn may change)' }],
    });
    expect(rules(await check(withLemma.replace('    ensures i + 1 > i,\n{\n}', '    ensures i + 1 > i,\n{\n    admit();\n}')))).toEqual(['cheat-construct-added']);
    expect(rules(await check(withLemma.replace('{ 2 * x }', '{ x + x }')))).toEqual(['function-not-targeted', 'spec-changed']);
  });

  it('compares exec code modulo redundant parentheses and a dropped semicolon after a final assignment, but not real changes', async () => {
    const pick = ORIGINAL.replace('spec fn double', [
      'fn pick(a: u64, b: u64, c: u64) -> (r: u64)',
      '    requires a < 10, b < 10, c < 10,',
      '{',
      '    let mut x = a;',
      '    if x == 1 {',
      '        x += 1;',
      '    }',
      '    while x < 5',
      '        invariant x <= 5,',
      '        decreases 5 - x,',
      '    {',
      '        x = x + 1;',
      '    }',
      '    let y = (a + b) * c;',
      '    return x + y;',
      '}',
      '',
      'spec fn double',
    ].join('\n'));
    const original = new Map([['src/lib.rs', encoder.encode(pick)]]);
    const check = async (text: string) => rules(await guardCandidate({ original, candidate: new Map([['src/lib.rs', encoder.encode(text)]]), editableFiles: ['src/lib.rs'], policy: DEFAULT_GUARD_POLICY }));
    expect(await check(pick.replace('if x == 1 {', 'if (x == 1) {'))).toEqual([]);
    expect(await check(pick.replace('while x < 5', 'while ((x < 5))'))).toEqual([]);
    expect(await check(pick.replace('        x += 1;\n', '        x += 1\n'))).toEqual([]);
    expect(await check(pick.replace('        x = x + 1;\n', '        x = x + 1\n'))).toEqual([]);
    expect(await check(pick.replace('return x + y;', 'return (x + y);'))).toEqual([]);
    expect(await check(pick.replace('let y = (a + b) * c;', 'let y = ((a + b) * c);'))).toEqual([]);
    expect(await check(pick.replace('let mut x = a;', 'let mut x = (a);'))).toEqual([]);
    expect(await check(pick.replace('let y = (a + b) * c;', 'let y = a + b * c;'))).toEqual(['exec-code-changed']);
    expect(await check(pick.replace('if x == 1 {', 'if (x != 1) {'))).toEqual(['exec-code-changed']);
    expect(await check(pick.replace('    let mut x = a;\n', '    let mut x = a;\n    let z = (b);\n'))).toEqual(['exec-code-changed']);
    expect(await check(pick.replace('    let y = (a + b) * c;\n    return x + y;', '    return x + y;\n    let y = (a + b) * c;'))).toEqual(['exec-code-changed']);
    expect(await check(pick.replace('let mut x = a;', 'let mut x = (a, b).0;'))).toEqual(['exec-code-changed']);
  });

  it('rejects a new executable function and a candidate that does not parse', async () => {
    expect(rules(await guard(ORIGINAL.replace('spec fn double', 'fn sneaky() -> u32 { 1 }\n\nspec fn double')))).toEqual(['exec-function-added']);
    const verdict = await guard(ORIGINAL.replace('while i < n', 'while (i < n'));
    expect(rules(verdict)).toEqual(['candidate-unparseable']);
  });
});
