import { describe, expect, it } from 'vitest';
import { checkSpec, describeWeakWitness, type FunctionSpecCheck } from '../src/specification/index.js';
import { readCrateSources } from '../src/specification/harness/read-crate-sources.js';
import { sharedTargetConfig } from './fakes/shared-target-config.js';

const ENVIRONMENT = { ...process.env };
const fixture = (name: string) => new URL(`../rust-fixtures/${name}/`, import.meta.url).pathname;

async function check(name: string, fn: string): Promise<FunctionSpecCheck> {
  const report = await checkSpec({ crateDir: fixture(name), functions: [fn], seed: 0, perturbResults: true, environment: ENVIRONMENT, config: sharedTargetConfig(fixture(name)) });
  return report.functions[0]!;
}

// Real cargo, erased exec code: output perturbation finds a result the weak ensures also accepts.
describe('output perturbation (weak-postcondition witnesses) on the review twins', () => {
  it('finds the weak max_index accepting another index of a repeated maximum, and nothing on the strong twin', async () => {
    const weak = await check('review-max-weak', 'max_index');
    expect(weak).toMatchObject({ status: 'checked', counterexamples: [] });
    expect(weak.status === 'checked' && weak.weakWitness != null && describeWeakWitness('max_index', weak.weakWitness)).toBe('ensures accepts max_index(v = [0, 0]) == 1 (the code returns 0)');
    const strong = await check('review-max-strong', 'max_index');
    expect(strong).toMatchObject({ status: 'checked', counterexamples: [] });
    expect(strong.status === 'checked' ? strong.weakWitness ?? null : 'not checked').toBeNull();
  }, 600_000);

  it('finds the weak pick_even accepting another element of the input vector (no r ± 1 passes: it is odd), and nothing on the strong twin', async () => {
    const weak = await check('review-even-weak', 'pick_even');
    expect(weak).toMatchObject({ status: 'checked', counterexamples: [] });
    expect(weak.status === 'checked' && weak.weakWitness != null && describeWeakWitness('pick_even', weak.weakWitness)).toBe('ensures accepts pick_even(v = [0, 2]) == 2 (the code returns 0)');
    const strong = await check('review-even-strong', 'pick_even');
    expect(strong).toMatchObject({ status: 'checked', counterexamples: [] });
    expect(strong.status === 'checked' ? strong.weakWitness ?? null : 'not checked').toBeNull();
  }, 600_000);

  it('finds the weak search accepting None where the code returns Some: its `matches` binding is translated now', async () => {
    const weak = await check('review-search-weak', 'find');
    expect(weak.clauses).toEqual([expect.objectContaining({ kind: 'ensures', status: 'executable' })]);
    expect(weak.status === 'checked' && weak.weakWitness != null && describeWeakWitness('find', weak.weakWitness)).toBe('ensures accepts find(v = [0], key = 0) == None (the code returns Some(0))');
  }, 600_000);

  it('claims no witness when an ensures is not executable (an unbounded quantifier with an untyped binder added to the weak search)', async () => {
    const crateDir = fixture('review-search-weak');
    const files = await readCrateSources(crateDir);
    const source = new TextDecoder().decode(files.get('src/lib.rs')!);
    const unbounded = source.replace('r matches Some(i) ==> i < v.len(),', 'r matches Some(i) ==> i < v.len(),\n        r is None ==> forall|j| j < v.len() ==> v@[j] != key,');
    expect(unbounded).not.toBe(source);
    files.set('src/lib.rs', new TextEncoder().encode(unbounded));
    const [weak] = (await checkSpec({ crateDir, files, functions: ['find'], seed: 0, perturbResults: true, environment: ENVIRONMENT, config: sharedTargetConfig(crateDir) })).functions;
    expect(weak?.clauses.map((clause) => clause.status)).toEqual(['executable', 'not-executable']);
    expect(weak?.status === 'checked' ? weak.weakWitness ?? null : 'not checked').toBeNull();
    expect(weak?.notes).toContain('output perturbation found an accepted result, but not every ensures is executable, so it is not reported as a witness');
  }, 600_000);
});
