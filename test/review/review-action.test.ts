import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { ReviewChangesRepository, type CrateFunction } from './review-changes-repository.js';

afterAll(removeTemporaryDirectories);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface ActionStep {
  name: string;
  id?: string;
  if?: string;
  uses?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  name: string;
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

const ACTION = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as Action;

const PICK: CrateFunction = { name: 'pick', weak: true, source: 'pub fn pick(x: u64) -> (r: u64)\n    ensures r <= x,\n{\n    if x > 5 { x - 1 } else { x }\n}\n' };
const CLAMP: CrateFunction = { name: 'clamp', weak: false, source: 'pub fn clamp(x: u64) -> (r: u64)\n    ensures r <= 100,\n{\n    if x > 100 { 100 } else { x }\n}\n' };

/**
 * Runs the action's `run:` steps as the runner would: `${{ inputs.* }}`, `${{ github.action_path }}`
 * and `${{ steps.<id>.outputs.* }}` substituted, GITHUB_OUTPUT read back after each step. `uses:`
 * steps (setup-node, upload-sarif) are not run; `if:` is taken as true (the steps that have one are `uses:`).
 */
function runActionSteps(inputs: Record<string, string>, environment: NodeJS.ProcessEnv, work: string): { outputs: Map<string, Map<string, string>>; logs: string[]; exitCode: number } {
  const values = { ...Object.fromEntries(Object.entries(ACTION.inputs).map(([name, input]) => [name, input.default ?? ''])), ...inputs };
  const outputs = new Map<string, Map<string, string>>();
  const substitute = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
      if (expression.startsWith('inputs.')) return values[expression.slice('inputs.'.length)] ?? '';
      if (expression === 'github.action_path') return ROOT;
      const step = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
      if (step !== null) return outputs.get(step[1] ?? '')?.get(step[2] ?? '') ?? '';
      throw new Error(`the test does not evaluate \${{ ${expression} }}`);
    });
  const logs: string[] = [];
  for (const [index, step] of ACTION.runs.steps.entries()) {
    if (step.run === undefined) continue;
    const outputFile = path.join(work, `output-${index}`);
    writeFileSync(outputFile, '');
    const env = { ...environment, GITHUB_OUTPUT: outputFile, ...Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, substitute(value)])) };
    const result = spawnSync(step.shell ?? 'bash', ['-e', '-c', substitute(step.run)], { env, encoding: 'utf8', cwd: work, timeout: 300_000 });
    logs.push(`${step.name}: exit ${result.status}\n${result.stdout}${result.stderr}`);
    if (step.id !== undefined) outputs.set(step.id, new Map(readFileSync(outputFile, 'utf8').split('\n').filter((line) => line.includes('=')).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])));
    if (result.status !== 0) return { outputs, logs, exitCode: result.status ?? -1 };
  }
  return { outputs, logs, exitCode: 0 };
}

describe('action.yml (a composite action)', () => {
  it('declares the inputs, runs the scripts and uploads the SARIF with codeql-action', () => {
    expect(ACTION.runs.using).toBe('composite');
    for (const input of ['base', 'crate', 'baseline', 'fail-on', 'runner', 'write-baseline', 'full-review', 'version']) expect(ACTION.inputs[input], input).toBeDefined();
    expect(ACTION.inputs['base']?.default).toBe('${{ github.event.pull_request.base.sha }}');
    expect(ACTION.inputs['runner']?.default).toBe('docker');
    const upload = ACTION.runs.steps.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(upload?.with?.['sarif_file']).toBe('${{ steps.review.outputs.sarif }}');
    expect(upload?.if).toContain('always()');
    expect(ACTION.runs.steps.filter((step) => step.run !== undefined).every((step) => step.shell === 'bash' && step.if === undefined)).toBe(true);
  });

  describe('its script steps, run locally with GITHUB_* in a temporary directory', () => {
    const repository = new ReviewChangesRepository();
    beforeAll(async () => {
      await repository.write([CLAMP]);
      repository.commit('clamp');
      await repository.write([CLAMP, PICK]);
      repository.commit('a weak pick');
    });

    it('review --since the base: the SARIF and the step summary come out, and the gate fails on the findings', () => {
      const work = createTemporaryDirectory('action');
      const summary = path.join(work, 'summary.md');
      writeFileSync(summary, '# earlier step\n');
      const loader = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
      const environment = { ...repository.fake.environment, GITHUB_STEP_SUMMARY: summary, RUNNER_TEMP: work, GITHUB_WORKSPACE: repository.crate, VERUS_REPAIR_COMMAND: `${process.execPath} --import ${loader} ${path.join(ROOT, 'src', 'cli', 'run.ts')}` };
      const run = runActionSteps({ base: 'HEAD~1', crate: repository.crate, runner: 'local', arguments: '--no-vacuity --no-spec-tests --operators relational-operator,arithmetic-operator' }, environment, work);
      expect(run.exitCode, run.logs.join('\n')).toBe(1);
      const review = run.outputs.get('review');
      expect(review?.get('exit-code')).toBe('1');
      const sarif = JSON.parse(readFileSync(review?.get('sarif') ?? '', 'utf8')) as { runs: Array<{ results: Array<{ ruleId: string; message: { text: string } }> }> };
      expect(sarif.runs[0]?.results.length).toBeGreaterThan(0);
      expect(sarif.runs[0]?.results.every((result) => result.ruleId === 'surviving-mutant' && result.message.text.includes(' of pick '))).toBe(true);
      const written = readFileSync(summary, 'utf8');
      expect(written.startsWith('# earlier step\n## verus-repair review\n\nReviewed 1 function(s) changed since `HEAD~1`:')).toBe(true);
      expect(written).toMatch(/\| `pick` \| src\/lib\.rs:\d+ \| \d+ \|/);
      expect(written).not.toContain('`clamp`');
      expect(run.logs.join('\n')).toMatch(/::warning file=src\/lib\.rs,line=\d+,col=\d+,title=verus-repair review%3A surviving-mutant::mutant m1 of pick/);
      expect(run.logs.at(-1)).toContain('::error title=verus-repair review::the review has findings');
      expect(execFileSync('git', ['status', '--porcelain'], { cwd: repository.crate, encoding: 'utf8' })).toBe('');
    }, 300_000);
  });
});
