import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV, SCENARIO_ROOT, type ProcessIdentity } from './fakes/fake-environment.js';
import { killRecordedProcesses, survivingProcesses, waitForRecordedProcesses } from './fakes/recorded-processes.js';
import { startCli } from './fakes/run-cli.js';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';
import { createRepairWorld, type RepairWorld } from './repair/repair-world.js';
import { copyReviewFixture, FIXTURES_ROOT } from './review/review-fixture-crate.js';

const ROOT = path.resolve(import.meta.dirname, '..');
let recorded: ProcessIdentity[] = [];
let world: RepairWorld | null = null;
afterEach(async () => {
  killRecordedProcesses(recorded);
  recorded = [];
  await world?.close();
  world = null;
  removeTemporaryDirectories();
});

/** The lines of review-search-weak's loop that every mutant of `find` changes one of: only the original has them all. */
const ORIGINAL_LOOP = '    for i in 0..v.len() {\n        if v[i] == key {\n            return Some(i);\n';

/**
 * SIGKILL, unlike Ctrl-C, gives verus-repair no chance to stop anything: what it started must end
 * on its own (issue 27, item 5). Each fake verifier records its pid and a sleeping child's (same
 * process group, as cargo's rustc or rust_verify's z3), then hangs.
 */
describe('verus-repair killed by SIGKILL: nothing it started runs on', () => {
  it('review --jobs 4: the four verifier runs in flight and their children end', async () => {
    const crate = copyReviewFixture('review-search-weak');
    execFileSync('git', ['init', '-q', crate]);
    execFileSync('git', ['-C', crate, 'add', '.']);
    execFileSync('git', ['-C', crate, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'base']);
    const scenarioDir = createTemporaryDirectory('sigkill-review');
    const argv = ['verus', '/^(verify|focus)$/', '...'];
    writeFileSync(path.join(scenarioDir, 'scenario.json'), JSON.stringify({
      origin: 'synthetic',
      description: 'the original verifies (review oracle); every other check hangs after starting a sleeping child',
      invocations: [
        { tool: 'cargo-verus', argv, whenSource: { file: 'src/lib.rs', contains: ORIGINAL_LOOP }, reviewOracle: path.relative(scenarioDir, FIXTURES_ROOT) },
        { tool: 'cargo-verus', argv, hang: true, recordProcesses: true },
      ],
    }));
    const fake = createFakeSetup('run-never-called');
    fake.environment['VERUS_REPAIR_FAKE_SCENARIO'] = scenarioDir;
    const child = startCli(['review', crate, '--json', '--jobs', '4', '--no-vacuity'], fake.environment);
    recorded = (await waitForRecordedProcesses(fake.markerFile, 8)) ?? [];
    expect(recorded, 'four verifier runs in flight').toHaveLength(8);
    child.kill('SIGKILL');
    await child;
    expect(await survivingProcesses(recorded)).toEqual([]);
  }, 150_000);

  it('bench --jobs 3: the three verifier runs in flight and their children end', async () => {
    world = await createRepairWorld();
    const scenarioFile = path.join(world.scenarioDir, 'scenario.json');
    const scenario = JSON.parse(readFileSync(scenarioFile, 'utf8')) as { invocations: Array<Record<string, unknown>> };
    scenario.invocations = scenario.invocations.map(({ stdout: _stdout, stderr: _stderr, exitCode: _exitCode, ...invocation }) => ({ ...invocation, hang: true, recordProcesses: true }));
    writeFileSync(scenarioFile, JSON.stringify(scenario));
    const scratch = createTemporaryDirectory('sigkill-bench');
    cpSync(path.join(ROOT, 'rust-fixtures', 'binary-search'), path.join(scratch, 'binary-search'), { recursive: true, filter: (source) => !source.endsWith('target') });
    cpSync(path.join(ROOT, 'rust-fixtures', 'Cargo.lock'), path.join(scratch, 'binary-search', 'Cargo.lock'));
    const task = (id: string) => ['[[task]]', `id = "${id}"`, 'crate = "binary-search"', 'broken = "binary-search/broken/missing-sorted-invariant.rs"', 'defect_class = "missing-loop-invariant"', ''].join('\n');
    writeFileSync(path.join(scratch, 'suite.toml'), ['first', 'second', 'third'].map(task).join('\n'));
    writeFileSync(path.join(scratch, 'grid.toml'), [
      'feedback = ["none"]', 'iterations = 1', 'houdini_rounds = 0', '',
      '[[model]]', 'name = "e2e-model"', `base_url = "${world.server.baseUrl}"`, '',
      '[verifier]', 'runner = "local"', `pass_env = ${JSON.stringify(FAKE_PASS_ENV)}`, '', '[verifier.precheck]', `target_dir = ${JSON.stringify(path.join(ROOT, 'rust-fixtures', 'target'))}`, '',
    ].join('\n'));
    mkdirSync(path.join(scratch, 'out'));
    const child = startCli(['bench', path.join(scratch, 'suite.toml'), '--grid', path.join(scratch, 'grid.toml'), '--out', path.join(scratch, 'out', 'bench'), '--jobs', '3', '--json'], world.environment, scratch);
    const marker = String(world.environment['VERUS_REPAIR_FAKE_MARKER']);
    recorded = (await waitForRecordedProcesses(marker, 6)) ?? [];
    expect(recorded, 'three verifier runs in flight').toHaveLength(6);
    child.kill('SIGKILL');
    await child;
    expect(await survivingProcesses(recorded)).toEqual([]);
  }, 150_000);

  it('verify --docker: the docker client ends and the container is removed (docker rm -f <name>), since a killed client leaves it running', async () => {
    const crate = createTemporaryCrate();
    writeFileSync(path.join(crate, 'verus-repair.toml'), ['[verifier]', `pass_env = ${JSON.stringify(FAKE_PASS_ENV)}`, ''].join('\n'));
    const scenarioDir = createTemporaryDirectory('sigkill-docker');
    const original = JSON.parse(readFileSync(path.join(SCENARIO_ROOT, 'run-docker-timeout', 'scenario.json'), 'utf8')) as { invocations: Array<Record<string, unknown>> };
    const invocations = original.invocations.map(({ spawnMarkerChildAfterMs: _marker, ...invocation }) => (invocation['subcommand'] === 'run' ? { ...invocation, recordProcesses: true } : invocation));
    writeFileSync(path.join(scenarioDir, 'scenario.json'), JSON.stringify({ ...original, invocations }));
    cpSync(path.join(SCENARIO_ROOT, 'run-docker-timeout', 'rm-stdout.txt'), path.join(scenarioDir, 'rm-stdout.txt'));
    const fake = createFakeSetup('run-never-called');
    fake.environment['VERUS_REPAIR_FAKE_SCENARIO'] = scenarioDir;
    const child = startCli(['verify', crate, '--docker', '--no-precheck', '--no-cache'], fake.environment);
    recorded = (await waitForRecordedProcesses(fake.markerFile, 2)) ?? [];
    expect(recorded, 'the docker client in flight').toHaveLength(2);
    const [run] = fake.readInvocations();
    const name = run?.argv[run.argv.indexOf('--name') + 1];
    expect(name).toMatch(/^verus-repair-[0-9a-z]+-1$/);
    child.kill('SIGKILL');
    await child;
    expect(await survivingProcesses(recorded)).toEqual([]);
    for (const deadline = Date.now() + 10_000; fake.readInvocations().length < 2 && Date.now() < deadline; ) await sleep(100);
    expect(fake.readInvocations().map((invocation) => invocation.argv.slice(0, 3))).toEqual([['run', '--rm', '--pull'], ['rm', '-f', name]]);
  }, 150_000);
});

