import { describe, expect, it } from 'vitest';
import { checkSpec, describeCounterexample, type FunctionSpecCheck, type SpecCheckReport } from '../src/spec/index.js';
import { readCrateSources } from '../src/spec/read-crate-sources.js';
import { sharedTargetConfig } from './fakes/shared-target-config.js';

// Real cargo on rust-fixtures/spec-constructs: the parameter types and spec constructs public Verus
// code uses (HumanEval-Verus, Verus-Bench). Each correct function gives no counterexample; its broken
// twin (an edit in memory) gives the one expected.
const crateDir = new URL('../rust-fixtures/spec-constructs/', import.meta.url).pathname;

async function check(functions: string[], edit?: { from: string; to: string }, inputs = 300): Promise<SpecCheckReport> {
  const files = await readCrateSources(crateDir);
  if (edit !== undefined) {
    const source = new TextDecoder().decode(files.get('src/lib.rs')!);
    const edited = source.replace(edit.from, edit.to);
    expect(edited, edit.from).not.toBe(source);
    files.set('src/lib.rs', new TextEncoder().encode(edited));
  }
  return checkSpec({ crateDir, files, functions, seed: 0, inputs, callTimeoutMs: 2000, environment: { ...process.env }, config: sharedTargetConfig(crateDir) });
}

function result(report: SpecCheckReport, name: string): FunctionSpecCheck {
  const found = report.functions.find((entry) => entry.function === name);
  if (found === undefined) throw new Error(`no result for ${name}`);
  return found;
}

const counterexamples = (check: FunctionSpecCheck) => (check.status === 'checked' ? check.counterexamples.map((counterexample) => describeCounterexample(check.function, counterexample)) : [`${check.status}: ${'reason' in check ? check.reason : ''}`]);
const notExecutable = (check: FunctionSpecCheck) => check.clauses.filter((clause) => clause.status === 'not-executable').map((clause) => `${clause.kind}[${clause.index}]: ${clause.status === 'not-executable' ? clause.reason : ''}`);

describe('a result named res (the name vstd\'s macro gives every exec fn\'s result)', () => {
  it('is checked under another name and reported under its own', async () => {
    const correct = result(await check(['double']), 'double');
    expect(notExecutable(correct)).toEqual([]);
    expect(counterexamples(correct)).toEqual([]);
    const wrong = result(await check(['double'], { from: 'x as u16 * 2\n', to: 'x as u16 * 2 + 1\n' }), 'double');
    expect(counterexamples(wrong)).toEqual(['double(x = 0) returned 1: ensures res == 2 * x is false']);
  }, 600_000);
});
