import { mkdtempSync, readFileSync, rmSync, mkdirSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGhostStrippedView, parseVerusSource, type VerusFileIr } from '../../src/ir/index.js';
import { generateSuite, type GeneratedTask } from '../../src/evaluate/suites/generate-suite.js';
import { writeScratchCrate } from '../../src/evaluate/coverage/scratch-crate.js';
import { DEFECT_OPERATORS } from '../../src/evaluate/suites/defect-operators.js';
import { defaultVerifierConfig } from '../../src/verifier/config/read-verifier-config.js';
import { CargoPrechecker } from '../../src/verifier/precheck/cargo-prechecker.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Reference proofs covering every operator: loops with invariants and decreases, asserts, lemma calls, chained bounds. */
const FIXTURES = ['binary-search', 'sum-to', 'gcd'];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'generate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Per function: invariant expressions, asserts, lemma calls and decreases clauses, with their texts. */
function proofElements(ir: VerusFileIr): string[] {
  return ir.functions.flatMap((fn) => [
    ...fn.loops.flatMap((loop) => loop.clauses.flatMap((clause) => (clause.kind === 'decreases' ? [`${loop.id} decreases`] : clause.kind === 'invariant' ? clause.expressions.map((expression) => `${loop.id} invariant ${expression.text}`) : []))),
    ...fn.clauses.filter((clause) => clause.kind === 'decreases').map(() => `${fn.qualifiedName} decreases`),
    ...fn.proofStatements.flatMap((statement) => (statement.kind === 'assert' || statement.kind === 'assert-forall' ? [`${fn.qualifiedName} assert ${statement.expression.text}`] : statement.kind === 'lemma-call' ? [`${fn.qualifiedName} call ${statement.callee}(${statement.arguments.text})`] : [])),
  ]);
}

function multisetDifference(left: string[], right: string[]): string[] {
  const rest = [...right];
  return left.filter((item) => {
    const index = rest.indexOf(item);
    if (index === -1) return true;
    rest.splice(index, 1);
    return false;
  });
}

describe('bench generate on the fixtures\' reference proofs', () => {
  it('writes tasks that each differ from the original by exactly one defect, exec code untouched, and pass the real erased pre-check', async () => {
    const verified = path.join(scratch, 'verified');
    mkdirSync(verified);
    for (const fixture of FIXTURES) copyFileSync(path.join(ROOT, 'rust-fixtures', fixture, 'src', 'lib.rs'), path.join(verified, `${fixture}.rs`));
    const suite = path.join(scratch, 'suite');
    const result = await generateSuite(verified, suite, { seed: 1, defects: 'single' });
    const tasks = readFileSync(path.join(suite, 'manifest.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as GeneratedTask);
    expect(tasks).toHaveLength(result.tasks);
    expect(new Set(tasks.map((task) => task.defect_class))).toEqual(new Set(DEFECT_OPERATORS));
    const prechecker = new CargoPrechecker({ config: { ...defaultVerifierConfig(scratch), precheck: { ...defaultVerifierConfig(scratch).precheck, targetDir: path.join(ROOT, 'rust-fixtures', 'target'), test: false } } });
    const crate = path.join(scratch, 'crate');
    await writeScratchCrate(crate, { version: '=0.0.0-2026-05-31-0205' });
    for (const task of tasks) {
      const original = readFileSync(path.join(suite, task.original), 'utf8');
      const broken = readFileSync(path.join(suite, task.single_file), 'utf8');
      const [before, after] = await Promise.all([parseVerusSource(original, { file: 'a.rs' }), parseVerusSource(broken, { file: 'a.rs' })]);
      const removed = multisetDifference(proofElements(before), proofElements(after));
      const added = multisetDifference(proofElements(after), proofElements(before));
      if (task.defect_class === 'weaken-bound') {
        expect([removed.length, added.length], task.id).toEqual([1, 1]);
        expect(removed[0]?.startsWith(added[0] ?? '-'), task.id).toBe(true);
      } else {
        expect([removed.length, added.length], task.id).toEqual([1, 0]);
      }
      expect(removed[0], task.id).toContain(task.expected_failing_function);
      expect(after.functions.map((fn) => createGhostStrippedView(after, fn).text), task.id).toEqual(before.functions.map((fn) => createGhostStrippedView(before, fn).text));
      copyFileSync(path.join(suite, task.single_file), path.join(crate, 'src', 'lib.rs'));
      const precheck = await prechecker.precheck(crate);
      expect(precheck.status, `${task.id}: ${precheck.status === 'build-failed' ? precheck.diagnostics.map((d) => d.message).join('; ') : ''}`).toBe('passed');
    }
  }, 300_000);
});
