import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleGit } from 'simple-git';
import { createHash } from 'node:crypto';
import { FAKE_BIN_DIR, FAKE_PASS_ENV } from '../fakes/fake-environment.js';
import { startFakeOpenAiServer, type FakeChoice, type FakeDialect, type FakeOpenAiServer, type FakeScriptStep } from '../fake-openai-server.js';
import { commitRepository, writeBinarySearchOutputs, writeBrokenBinarySearch } from '../fakes/binary-search-repository.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RUN_MODEL = 'e2e-model';
export const DECOY_KEY = 'sk-decoy-e2e-must-never-be-stored';

export { BROKEN, REFERENCE } from '../fakes/binary-search-repository.js';
/** The line whose presence makes the (synthetic) verifier answer `verified`. */
const FIX_MARKER = '            lo <= hi <= v.len(),\n            sorted(v@),\n';

/**
 * One end-to-end world: a git repository holding the broken binary-search crate, a fake
 * OpenAI-compatible server, and a scenario for the fake `cargo-verus` that answers `verified` for
 * sources containing the fix and a synthetic invariant failure otherwise. Real git, real cargo.
 */
export interface RepairWorld {
  repoDir: string;
  crateDir: string;
  server: FakeOpenAiServer;
  environment: NodeJS.ProcessEnv;
  /** The fake cargo-verus scenario (scenario.json and the outputs it replays). */
  scenarioDir: string;
  verifierCalls(): number;
  workingTreeDigest(): string;
  close(): Promise<void>;
}

/**
 * `scope` is the world's `[verifier] scope`: `crate` (the default here, so these tests count one
 * verifier call per candidate) or `focused`, where the scenario also answers `cargo verus focus` on
 * binary_search (`--verify-root --verify-function binary_search`) the way it answers the crate.
 */
/** `dialect`: how the fake model server behaves; `modelLines`: the `[model]` keys, replacing name, base_url and samples. */
export async function createRepairWorld(options: { samples?: number; scope?: 'focused' | 'crate'; dialect?: FakeDialect; modelLines?: (server: FakeOpenAiServer) => string[] } = {}): Promise<RepairWorld> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'repair-e2e-'));
  const repoDir = path.join(scratch, 'repo');
  const crateDir = path.join(repoDir, 'binary-search');
  writeBrokenBinarySearch(crateDir);
  const server = await startFakeOpenAiServer(options.dialect === undefined ? {} : { dialect: options.dialect });
  writeFileSync(path.join(repoDir, 'verus-repair.toml'), [
    '[model]', 'max_retries = 0', ...(options.modelLines?.(server) ?? [`name = "${RUN_MODEL}"`, `base_url = "${server.baseUrl}"`, `samples = ${options.samples ?? 1}`, 'sampling = "n"']),
    '', '[verifier]', 'runner = "local"', `pass_env = ${JSON.stringify(FAKE_PASS_ENV)}`, `scope = "${options.scope ?? 'crate'}"`,
    '', '[verifier.precheck]', `target_dir = ${JSON.stringify(path.join(ROOT, 'rust-fixtures', 'target'))}`, '',
  ].join('\n'));
  await commitRepository(repoDir, { name: 'E2E', email: 'e2e@example.invalid' });

  const scenarioDir = path.join(scratch, 'scenario');
  mkdirSync(scenarioDir);
  writeBinarySearchOutputs(scenarioDir);
  const argv = ['verus', 'verify', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '--output-json', '--time', '--rlimit', '/^[0-9]+(\\.[0-9]+)?$/', '...'];
  const focusArgv = ['verus', 'focus', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '--output-json', '--time', '--rlimit', '/^[0-9]+(\\.[0-9]+)?$/', '--log-dir', '/^\\.verus-log\\/verus-repair-[0-9a-f]{16}$/', '--verify-root', '--verify-function', 'binary_search'];
  writeFileSync(path.join(scenarioDir, 'scenario.json'), JSON.stringify({
    origin: 'synthetic',
    description: 'answers verified when the loop carries sorted(v@), an invariant failure otherwise',
    invocations: [argv, focusArgv].flatMap((patterns) => [
      { tool: 'cargo-verus', argv: patterns, whenSource: { file: 'src/lib.rs', contains: FIX_MARKER }, stdout: 'verified.stdout', stderr: 'verified.stderr', exitCode: 0 },
      { tool: 'cargo-verus', argv: patterns, whenSource: { file: 'src/lib.rs', lacks: FIX_MARKER }, stdout: 'failed.stdout', stderr: 'failed.stderr', exitCode: 1 },
    ]),
  }, null, 2));
  const logFile = path.join(scratch, 'invocations.jsonl');
  const environment: NodeJS.ProcessEnv = {
    PATH: `${FAKE_BIN_DIR}${path.delimiter}${process.env['PATH'] ?? ''}`,
    HOME: process.env['HOME'] ?? os.homedir(),
    OPENAI_API_KEY: DECOY_KEY,
    VERUS_REPAIR_FAKE_SCENARIO: scenarioDir,
    VERUS_REPAIR_FAKE_LOG: logFile,
    VERUS_REPAIR_FAKE_MARKER: path.join(scratch, 'marker'),
  };
  for (const name of ['CARGO_HOME', 'RUSTUP_HOME']) if (process.env[name] !== undefined) environment[name] = process.env[name];
  return {
    repoDir, crateDir, server, environment, scenarioDir,
    verifierCalls: () => {
      try {
        return readFileSync(logFile, 'utf8').trim().split('\n').filter((line) => line !== '').length;
      } catch {
        return 0;
      }
    },
    workingTreeDigest: () => digestTree(repoDir),
    close: async () => {
      await server.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The body of `pub fn binary_search` (through its closing brace) cut from a whole source text. */
export function binarySearchFunction(source: string): string {
  const start = source.indexOf('pub fn binary_search');
  return source.slice(start, source.indexOf('\n}\n', start) + 2);
}

/**
 * A scripted editor answer: one submit_candidate call per source, echoing the request id the task
 * states (it is generated per run), with usage so budgets can be exercised.
 */
export function editorReply(sources: string[], usage = { prompt_tokens: 1200, completion_tokens: 300 }): FakeScriptStep {
  return (request) => {
    const messages = JSON.stringify(request.body['messages'] ?? []);
    const requestId = /Request id: ([^\s\\]+)/.exec(messages)?.[1] ?? 'missing';
    return {
      kind: 'completion',
      usage,
      choices: sources.map((source): FakeChoice => ({
        toolCalls: [{ name: 'submit_candidate', arguments: JSON.stringify({ request_id: requestId, candidate: { functions: [{ name: 'binary_search', code: binarySearchFunction(source) }] }, rationale: 'scripted repair' }) }],
      })),
    };
  };
}

export const INSTRUCTOR_ADVICE = 'Add sorted(v@) to the loop invariant, since Verus checks the loop body in isolation. Keep the bracketing invariants.';

export function instructorReply(): FakeScriptStep {
  return { kind: 'completion', usage: { prompt_tokens: 500, completion_tokens: 40 }, choices: [{ text: INSTRUCTOR_ADVICE }] };
}

/** Every file of the user's working tree except the ledger's own directory and git internals. */
function digestTree(root: string): string {
  const hash = createHash('sha256');
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory).sort()) {
      if (entry === '.git' || entry === '.verus-repair' || entry === 'target') continue;
      const full = path.join(directory, entry);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(`${path.relative(root, full)}\0`).update(readFileSync(full));
    }
  };
  walk(root);
  return hash.digest('hex');
}

/** The run's candidate commit messages on its ledger branch, oldest first. */
export async function ledgerMessages(repoDir: string, runId: string): Promise<string[]> {
  const log = await simpleGit(repoDir).raw(['log', '--reverse', '--format=%B%x1e', `verus-repair/${runId}`]);
  return log.split('\x1e').map((entry) => entry.trim()).filter((entry) => entry.includes(`Run-Id: ${runId}`));
}
