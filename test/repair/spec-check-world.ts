import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleGit } from 'simple-git';
import { FAKE_BIN_DIR, FAKE_PASS_ENV } from '../fakes/fake-environment.js';
import { startFakeOpenAiServer, type FakeChoice, type FakeOpenAiServer, type FakeScriptStep } from '../fake-openai-server.js';
import { buildSyntheticVerusOutput, type SyntheticError } from '../demo/synthetic-verus-output.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURE = path.join(ROOT, 'rust-fixtures', 'spec-check');
export const SPEC_CHECK_SOURCE = readFileSync(path.join(FIXTURE, 'src', 'lib.rs'), 'utf8');

/** running_max's loop as the fixture has it, and its two broken variants the repair episodes start from or propose. */
export const RUNNING_MAX = (() => {
  const trueInvariant = '            forall|i: int| 0 <= i < k ==> v@[i] <= m,\n';
  const falseInvariant = '            forall|i: int| 0 <= i < k ==> v@[i] < m,\n';
  const bounds = '            1 <= k <= v.len(),\n';
  const decreases = '        decreases v.len() - k,\n';
  const withTrue = `${bounds}${trueInvariant}${decreases}`;
  // Without the invariant its ensures needs: Verus (here the fake) fails its postcondition.
  const missing = SPEC_CHECK_SOURCE.replace(withTrue, `${bounds}${decreases}`);
  return {
    trueInvariant, falseInvariant, bounds, decreases,
    missing,
    withFalse: SPEC_CHECK_SOURCE.replace(withTrue, `${bounds}${falseInvariant}${decreases}`),
    fixedAnswer: { name: 'fixed', contains: withTrue, source: SPEC_CHECK_SOURCE, functions: [{ name: 'running_max', success: true }], errors: [] } satisfies SyntheticAnswer,
    missingAnswer: { name: 'missing', source: missing, functions: [{ name: 'running_max', success: false }], errors: [{ message: 'postcondition not satisfied', anchor: 'forall|j: int| 0 <= j < v.len() ==> v@[j] <= m', label: null }] } satisfies SyntheticAnswer,
  };
})();

/** One answer of the fake cargo-verus: for sources containing (and lacking) these texts, a synthetic run of `functions`. */
export interface SyntheticAnswer {
  name: string;
  contains?: string;
  lacks?: string;
  source: string;
  functions: Array<{ name: string; success: boolean }>;
  errors: SyntheticError[];
}

export interface SpecCheckWorld {
  repoDir: string;
  crateDir: string;
  server: FakeOpenAiServer;
  environment: NodeJS.ProcessEnv;
  verifierCalls(): number;
  close(): Promise<void>;
}

/**
 * A git repository holding rust-fixtures/spec-check with `source` as its lib.rs, a fake model server,
 * and a fake cargo-verus answering with SYNTHETIC outputs chosen by the source (the first matching
 * answer wins). Real git and real cargo: the pre-check and the spec-check harness build in the
 * shared rust-fixtures target directory, where vstd is already built.
 */
export async function createSpecCheckWorld(source: string, answers: SyntheticAnswer[]): Promise<SpecCheckWorld> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'repair-spec-check-'));
  const repoDir = path.join(scratch, 'repo');
  const crateDir = path.join(repoDir, 'spec-check');
  mkdirSync(path.join(crateDir, 'src'), { recursive: true });
  copyFileSync(path.join(FIXTURE, 'Cargo.toml'), path.join(crateDir, 'Cargo.toml'));
  copyFileSync(path.join(ROOT, 'rust-fixtures', 'Cargo.lock'), path.join(crateDir, 'Cargo.lock'));
  writeFileSync(path.join(crateDir, 'src', 'lib.rs'), source);
  const server = await startFakeOpenAiServer();
  writeFileSync(path.join(repoDir, 'verus-repair.toml'), [
    '[model]', 'max_retries = 0', 'name = "e2e-model"', `base_url = "${server.baseUrl}"`, 'samples = 1', 'sampling = "n"',
    '', '[verifier]', 'runner = "local"', `pass_env = ${JSON.stringify(FAKE_PASS_ENV)}`, 'scope = "crate"',
    '', '[verifier.precheck]', `target_dir = ${JSON.stringify(path.join(ROOT, 'rust-fixtures', 'target'))}`, '',
  ].join('\n'));
  writeFileSync(path.join(repoDir, '.gitignore'), 'target/\n');
  const git = simpleGit(repoDir);
  await git.init(['-q', '-b', 'main']);
  await git.addConfig('user.name', 'E2E').addConfig('user.email', 'e2e@example.invalid').addConfig('commit.gpgsign', 'false');
  await git.add('.');
  await git.commit('spec-check fixture');

  const scenarioDir = path.join(scratch, 'scenario');
  mkdirSync(scenarioDir);
  const argv = ['verus', 'verify', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '--output-json', '--time', '--rlimit', '/^[0-9]+(\\.[0-9]+)?$/', '...'];
  const invocations = answers.map((answer) => {
    const output = buildSyntheticVerusOutput({ crate: 'spec-check', file: 'src/lib.rs', source: answer.source, functions: answer.functions, errors: answer.errors });
    writeFileSync(path.join(scenarioDir, `${answer.name}.stdout`), output.stdout);
    writeFileSync(path.join(scenarioDir, `${answer.name}.stderr`), output.stderr);
    const whenSource = { file: 'src/lib.rs', ...(answer.contains === undefined ? {} : { contains: answer.contains }), ...(answer.lacks === undefined ? {} : { lacks: answer.lacks }) };
    return { tool: 'cargo-verus', argv, whenSource, stdout: `${answer.name}.stdout`, stderr: `${answer.name}.stderr`, exitCode: output.exitCode };
  });
  writeFileSync(path.join(scenarioDir, 'scenario.json'), JSON.stringify({ origin: 'synthetic', description: 'spec-check fixture answers chosen by source', invocations }, null, 2));
  const logFile = path.join(scratch, 'invocations.jsonl');
  const environment: NodeJS.ProcessEnv = {
    PATH: `${FAKE_BIN_DIR}${path.delimiter}${process.env['PATH'] ?? ''}`,
    HOME: process.env['HOME'] ?? os.homedir(),
    OPENAI_API_KEY: 'sk-decoy-spec-check-must-never-be-stored',
    VERUS_REPAIR_FAKE_SCENARIO: scenarioDir,
    VERUS_REPAIR_FAKE_LOG: logFile,
    VERUS_REPAIR_FAKE_MARKER: path.join(scratch, 'marker'),
  };
  for (const name of ['CARGO_HOME', 'RUSTUP_HOME']) if (process.env[name] !== undefined) environment[name] = process.env[name];
  return {
    repoDir, crateDir, server, environment,
    verifierCalls: () => {
      try {
        return readFileSync(logFile, 'utf8').trim().split('\n').filter((line) => line !== '').length;
      } catch {
        return 0;
      }
    },
    close: async () => {
      await server.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The text of `pub fn NAME` through its closing brace (at the start of a line). */
export function functionText(source: string, name: string): string {
  const start = source.indexOf(`pub fn ${name}(`);
  return source.slice(start, source.indexOf('\n}\n', start) + 2);
}

/** A scripted editor answer replacing `name` with its text in `source`, echoing the request id the task states. */
export function replaceFunctionReply(name: string, source: string): FakeScriptStep {
  return (request) => {
    const messages = JSON.stringify(request.body['messages'] ?? []);
    const requestId = /Request id: ([^\s\\]+)/.exec(messages)?.[1] ?? 'missing';
    const choice: FakeChoice = { toolCalls: [{ name: 'submit_candidate', arguments: JSON.stringify({ request_id: requestId, candidate: { functions: [{ name, code: functionText(source, name) }] }, rationale: 'scripted' }) }] };
    return { kind: 'completion', usage: { prompt_tokens: 1000, completion_tokens: 200 }, choices: [choice] };
  };
}
