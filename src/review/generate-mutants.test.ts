import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseVerusSource } from '../ir/index.js';
import { generateMutants } from './generate-mutants.js';
import { MUTATION_OPERATOR_NAMES } from './mutation-operator.js';
import { sampleInOrder } from './sample-mutants.js';

const SOURCE = `use vstd::prelude::*;

verus! {

pub open spec fn limit() -> u64 { 100 }

pub fn clamp_sum(v: &Vec<u64>, a: u64, b: u64) -> (r: u64)
    requires
        v.len() < 10,
        forall|i: int| 0 <= i < v.len() ==> v@[i] < 10,
    ensures
        r <= 100,
{
    let mut total: u64 = 0;
    let mut i: usize = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            total <= 10 * i,
        decreases v.len() - i,
    {
        assert(total + v@[i as int] < 100);
        total = total + v[i];
        i = i + 1;
    }
    proof {
        assert(total <= 100);
    }
    if total > 100 && a < b {
        return pick(a, b);
    }
    total
}

fn pick(x: u64, y: u64) -> u64 {
    if x < y { x } else { y }
}

} // verus!
`;

async function generate(options: { maxMutants?: number | null; seed?: number; operators?: typeof MUTATION_OPERATOR_NAMES } = {}) {
  const ir = await parseVerusSource(SOURCE, { file: 'src/lib.rs' });
  return { ir, generation: await generateMutants({ files: [ir], functions: null, operators: options.operators ?? MUTATION_OPERATOR_NAMES, maxMutants: options.maxMutants ?? null, seed: options.seed ?? 1 }) };
}

describe('generateMutants', () => {
  it('gives exactly the exec-code mutants stated here, each the original with that one rewrite at its line and column', async () => {
    const { generation } = await generate();
    // [operator, function, line, column, original, replacement], read off SOURCE by hand: exec code of clamp_sum
    // (lines 14-32 outside the invariants, the assert and the proof block) and of pick (line 36), nothing else.
    const expected: Array<[string, string, number, number, string, string]> = [
      ['relational-operator', 'clamp_sum', 16, 13, '<', '<='],
      ['relational-operator', 'clamp_sum', 29, 14, '>', '>='],
      ['relational-operator', 'clamp_sum', 29, 25, '<', '<='],
      ['arithmetic-operator', 'clamp_sum', 23, 23, '+', '-'],
      ['arithmetic-operator', 'clamp_sum', 24, 15, '+', '-'],
      ['logical-operator', 'clamp_sum', 29, 20, '&&', '||'],
      ['constant', 'clamp_sum', 14, 26, '0', '1'],
      ['constant', 'clamp_sum', 15, 24, '0', '1'],
      ['constant', 'clamp_sum', 24, 17, '1', '2'],
      ['constant', 'clamp_sum', 24, 17, '1', '0'],
      ['constant', 'clamp_sum', 29, 16, '100', '101'],
      ['constant', 'clamp_sum', 29, 16, '100', '99'],
      ['constant', 'clamp_sum', 29, 16, '100', '0'],
      ['negate-condition', 'clamp_sum', 16, 11, 'i < v.len()', '!(i < v.len())'],
      ['negate-condition', 'clamp_sum', 29, 8, 'total > 100 && a < b', '!(total > 100 && a < b)'],
      ['delete-statement', 'clamp_sum', 23, 9, 'total = total + v[i];', ''],
      ['delete-statement', 'clamp_sum', 24, 9, 'i = i + 1;', ''],
      ['return-value', 'clamp_sum', 30, 16, 'pick(a, b)', '0'],
      ['return-value', 'clamp_sum', 30, 16, 'pick(a, b)', 'a'],
      ['return-value', 'clamp_sum', 30, 16, 'pick(a, b)', 'b'],
      ['return-value', 'clamp_sum', 32, 5, 'total', '0'],
      ['return-value', 'clamp_sum', 32, 5, 'total', 'a'],
      ['return-value', 'clamp_sum', 32, 5, 'total', 'b'],
      ['index-shift', 'clamp_sum', 23, 27, 'i', 'i + 1'],
      ['index-shift', 'clamp_sum', 23, 27, 'i', 'i - 1'],
      ['swap-arguments', 'clamp_sum', 30, 21, 'a, b', 'b, a'],
      ['relational-operator', 'pick', 36, 10, '<', '<='],
      ['negate-condition', 'pick', 36, 8, 'x < y', '!(x < y)'],
    ];
    expect(generation.mutants.map((mutant) => [mutant.operator, mutant.function, mutant.line, mutant.column, mutant.original, mutant.replacement])).toEqual(expected);
    expect(generation.rejected).toBe(0);
    const lines = SOURCE.split('\n');
    for (const mutant of generation.mutants) {
      // The source is SOURCE with `original` at (line, column) replaced, built here from lines and columns (ASCII SOURCE).
      const line = lines[mutant.line - 1] ?? '';
      expect(line.slice(mutant.column - 1, mutant.column - 1 + mutant.original.length), mutant.id).toBe(mutant.original);
      const rewritten = [...lines.slice(0, mutant.line - 1), `${line.slice(0, mutant.column - 1)}${mutant.replacement}${line.slice(mutant.column - 1 + mutant.original.length)}`, ...lines.slice(mutant.line)].join('\n');
      expect(mutant.source, mutant.id).toBe(rewritten);
    }
  });

  it('never touches invariants, asserts, proof blocks or spec functions', async () => {
    const { generation } = await generate();
    const lines = SOURCE.split('\n');
    const ghostLines = new Set(lines.flatMap((line, index) => (/invariant|total <= 10|i <= v.len\(\),|assert|decreases|limit|requires|ensures|r <= 100|v\.len\(\) < 10|forall/.test(line) ? [index + 1] : [])));
    for (const mutant of generation.mutants) expect(ghostLines.has(mutant.line), `${mutant.id} at line ${mutant.line}: ${lines[mutant.line - 1]}`).toBe(false);
  });

  it('covers every operator family, each mutant with its location, texts, diff and source hash', async () => {
    const { generation } = await generate();
    const operators = new Set(generation.mutants.map((mutant) => mutant.operator));
    expect([...operators].sort()).toEqual([...MUTATION_OPERATOR_NAMES].sort());
    const swap = generation.mutants.find((mutant) => mutant.operator === 'swap-arguments');
    expect(swap).toMatchObject({ function: 'clamp_sum', line: 30, column: 21, original: 'a, b', replacement: 'b, a' });
    const deletion = generation.mutants.find((mutant) => mutant.operator === 'delete-statement');
    expect(deletion).toMatchObject({ original: 'total = total + v[i];', replacement: '', line: 23 });
    expect(deletion?.diff).toContain('-        total = total + v[i];');
    expect(generation.mutants.every((mutant) => /^[0-9a-f]{64}$/.test(mutant.sourceSha256))).toBe(true);
    expect(generation.mutants.some((mutant) => mutant.original.startsWith('let'))).toBe(false);
  });

  it('is deterministic and deduplicated by the mutated source', async () => {
    const first = await generate();
    const second = await generate();
    expect(second.generation.mutants.map((mutant) => mutant.sourceSha256)).toEqual(first.generation.mutants.map((mutant) => mutant.sourceSha256));
    expect(new Set(first.generation.mutants.map((mutant) => mutant.sourceSha256)).size).toBe(first.generation.mutants.length);
    expect(first.generation.duplicates).toBe(0);
  });

  it('drops a rewrite whose source repeats an earlier mutant or the original', async () => {
    const ir = await parseVerusSource(SOURCE.replace('total\n}\n\nfn pick', 'pick(b, b)\n}\n\nfn pick'), { file: 'src/lib.rs' });
    const generation = await generateMutants({ files: [ir], functions: new Set(['clamp_sum']), operators: ['return-value', 'swap-arguments'], maxMutants: null, seed: 1 });
    // The tail `pick(b, b)` → `b` twice would be one mutant; swapping `b, b` gives the original back.
    expect(generation.mutants.filter((mutant) => mutant.line === 32).map((mutant) => mutant.replacement)).toEqual(['0', 'a', 'b']);
    expect(generation.mutants.some((mutant) => mutant.original === 'b, b')).toBe(false);  });

  it('samples with a recorded seed: the same seed gives the same subset, in order', async () => {
    const all = (await generate()).generation;
    const sampled = (await generate({ maxMutants: 10, seed: 7 })).generation;
    const again = (await generate({ maxMutants: 10, seed: 7 })).generation;
    const other = (await generate({ maxMutants: 10, seed: 8 })).generation;
    expect(sampled.mutants).toHaveLength(10);
    expect(sampled.sampledWithSeed).toBe(7);
    expect(sampled.total).toBe(all.mutants.length);
    expect(again.mutants.map((mutant) => mutant.sourceSha256)).toEqual(sampled.mutants.map((mutant) => mutant.sourceSha256));
    expect(other.mutants.map((mutant) => mutant.sourceSha256)).not.toEqual(sampled.mutants.map((mutant) => mutant.sourceSha256));
    const order = all.mutants.map((mutant) => mutant.sourceSha256);
    const positions = sampled.mutants.map((mutant) => order.indexOf(mutant.sourceSha256));
    expect(positions).toEqual([...positions].sort((left, right) => left - right));
    expect(all.sampledWithSeed).toBeNull();
  });
  it('stops when the signal aborts, with its reason, instead of generating on through a Ctrl-C', async () => {
    const ir = await parseVerusSource(SOURCE, { file: 'src/lib.rs' });
    const controller = new AbortController();
    const reason = new Error('interrupted by the test');
    const generation = generateMutants({ files: [ir], functions: null, operators: MUTATION_OPERATOR_NAMES, maxMutants: null, seed: 1, signal: controller.signal });
    controller.abort(reason);
    await expect(generation).rejects.toBe(reason);
  });

  it('gives a function in a large file the mutants it has alone (checked on the function, not by parsing the file per rewrite), with the file\'s line numbers', async () => {
    const alone = (await generate()).generation.mutants;
    const padding = Array.from({ length: 30 }, (_, index) => `fn pad_${index}(x: u64) -> u64 {\n    if x < ${index} { x + 1 } else { x }\n}\n`).join('\n');
    const large = SOURCE.replace('} // verus!', `${padding}\n} // verus!`);
    const ir = await parseVerusSource(large, { file: 'src/lib.rs' });
    const inLarge = (await generateMutants({ files: [ir], functions: new Set(['clamp_sum', 'pick']), operators: MUTATION_OPERATOR_NAMES, maxMutants: null, seed: 1 })).mutants;
    expect(inLarge.map((mutant) => [mutant.id, mutant.line, mutant.column, mutant.replacement, mutant.diff])).toEqual(alone.map((mutant) => [mutant.id, mutant.line, mutant.column, mutant.replacement, mutant.diff]));
    for (const mutant of inLarge) {
      // The whole large file with the one rewrite, at the mutant's line and column (the source is ASCII).
      const offset = large.split('\n').slice(0, mutant.line - 1).join('\n').length + 1 + mutant.column - 1;
      expect(mutant.source).toBe(`${large.slice(0, offset)}${mutant.replacement}${large.slice(offset + mutant.original.length)}`);
      expect(mutant.sourceSha256).toBe(createHash('sha256').update(mutant.source, 'utf8').digest('hex'));
    }
  });
  it('--max-mutants samples the proposed rewrites before building them: a few builds, not one per rewrite; the old sampling stays for audits of older records', async () => {
    const padding = Array.from({ length: 30 }, (_, index) => `fn pad_${index}(x: u64) -> u64 {\n    if x < ${index} { x + 1 } else { x }\n}\n`).join('\n');
    const ir = await parseVerusSource(SOURCE.replace('} // verus!', `${padding}\n} // verus!`), { file: 'src/lib.rs' });
    const request = { files: [ir], functions: null, operators: MUTATION_OPERATOR_NAMES, maxMutants: 3, seed: 5 };
    const full = await generateMutants({ ...request, maxMutants: null });
    const sampled = await generateMutants(request);
    // Every rewrite built is a kept mutant, a rejected rewrite or a duplicate; building all of them (the old way) is one build per rewrite.
    const builds = sampled.mutants.length + sampled.rejected + sampled.duplicates;
    expect(full.mutants.length).toBeGreaterThan(100);
    expect(sampled.mutants).toHaveLength(3);
    expect(builds).toBeLessThan(10);
    expect(sampled).toMatchObject({ sampledWithSeed: 5, sampledFrom: 'rewrites', total: full.mutants.length + full.rejected + full.duplicates });
    // Each sampled mutant is one of the full generation's, and they keep its order.
    const order = full.mutants.map((mutant) => mutant.sourceSha256);
    const positions = sampled.mutants.map((mutant) => order.indexOf(mutant.sourceSha256));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((left, right) => left - right));
    expect((await generateMutants(request)).mutants.map((mutant) => mutant.sourceSha256)).toEqual(sampled.mutants.map((mutant) => mutant.sourceSha256));
    const old = await generateMutants({ ...request, sampling: 'mutants' });
    expect(old).toMatchObject({ sampledFrom: 'mutants', total: full.mutants.length });
    expect(old.mutants.map((mutant) => mutant.sourceSha256)).toEqual(sampleInOrder(full.mutants, 3, 5).map((mutant) => mutant.sourceSha256));
  });
});
