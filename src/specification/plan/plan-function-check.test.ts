import { describe, expect, it } from 'vitest';
import { functionNamed, parseSnippet } from '../../ir/testing/parse-snippet.js';
import { assembleRun } from '../report/assemble-function-check.js';
import { generateHarness } from '../harness/generate-harness.js';
import { planFunctionCheck } from './plan-function-check.js';
import { collectSpecFunctions } from '../types/spec-function-source.js';

const SOURCE = `
pub open spec fn small(x: u32) -> bool { x < 10 }
pub open spec fn all_small(s: Seq<u32>) -> bool { (choose|i: int| 0 <= i < s.len()) >= 0 }
pub fn needs_choose(v: Vec<u32>) -> (r: u32)
    requires all_small(v@),
    ensures r == 0,
{ 0 }
pub fn needs_small(x: u32) -> (r: u32)
    requires small(x),
    ensures r == x,
{ x }
`;

async function plan(name: string) {
  const ir = await parseSnippet(SOURCE, 'src/lib.rs');
  const specFunctions = collectSpecFunctions([ir]);
  return { planned: planFunctionCheck(functionNamed(ir, name), 'src/lib.rs', 0, specFunctions), specFunctions };
}

// Without every requires the inputs cannot be filtered: running such a function gives false counterexamples.
describe('a requires that is not executable makes the function not executable', () => {
  it('when the requires calls a spec fn that cannot be compiled (here a choose)', async () => {
    const { planned } = await plan('needs_choose');
    expect(planned).toMatchObject({ kind: 'not-executable', reason: expect.stringMatching(/^requires\[0\] is not executable \(uses spec fn all_small, which is not executable: .*choose/) });
  });

  it('when rustc rejects the macro output of a requires: no check is generated and the result says so', async () => {
    const { planned, specFunctions } = await plan('needs_small');
    if (planned.kind !== 'plan') throw new Error(planned.reason);
    const requiresId = planned.plan.clauses.find((clause) => clause.reference.kind === 'requires')!.id;
    const harness = generateHarness({ plans: [planned.plan], specFunctions, isUsable: (clause) => clause.id !== requiresId });
    expect(harness.source).not.toMatch(/fn check_0\b/);
    const exclusions = { specFunctions: new Map(), clauses: new Map([[requiresId, 'error[E0308]: mismatched types']]), functions: new Map() };
    const run = { ok: true as const, lines: [{ type: 'summary' as const, start: 0, next: 3, total: 3, tried: 3, satisfying: 3, exhaustive: 3, requiresPanicked: 0, specPanics: [] }], ignored: 0, wallTimeMs: 1, command: [], interruptions: [], untried: 0 };
    expect(assembleRun(planned.plan, run, specFunctions, exclusions)).toMatchObject({ status: 'not-executable', reason: expect.stringMatching(/^requires\[0\] is not executable \(the macro's output for it does not compile:\nerror\[E0308\]/) });
  });
});
