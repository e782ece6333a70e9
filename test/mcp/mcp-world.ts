import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { FAKE_BIN_DIR, FAKE_PASS_ENV } from '../fakes/fake-environment.js';
import { BROKEN, commitRepository, writeBinarySearchOutputs, writeBrokenBinarySearch } from '../fakes/binary-search-repository.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export { BROKEN, REFERENCE } from '../fakes/binary-search-repository.js';
/** The decoy API key in the server's environment: no reply, log or ledger entry may carry it. */
export const DECOY_KEY = 'sk-decoy-mcp-must-never-leave-the-server';
/** A source holding this comment makes the fake cargo-verus hang (recording its pids): for cancellation tests. */
export const HANG_MARKER = '// mcp-test: hang here';
const FIX_MARKER = '            lo <= hi <= v.len(),\n            sorted(v@),\n';

/**
 * A git repository holding the broken binary-search crate (its loop lacks `sorted(v@)`), and a
 * scenario for the fake cargo-verus (synthetic outputs): verified when the loop carries the
 * invariant, an invariant failure otherwise, a hang when the source holds HANG_MARKER. The
 * erased pre-check is off unless asked for (it builds vstd: slow), so these tests check the server.
 */
export interface McpWorld {
  repoDir: string;
  crateDir: string;
  libFile: string;
  scratch: string;
  environment: Record<string, string>;
  markerFile: string;
  connect(name?: string, version?: string): Promise<{ client: Client; transport: StdioClientTransport; stderr: () => string }>;
  close(): void;
}

export async function createMcpWorld(options: { extraToml?: string[]; precheck?: boolean } = {}): Promise<McpWorld> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'mcp-e2e-'));
  const repoDir = path.join(scratch, 'repo');
  const crateDir = path.join(repoDir, 'binary-search');
  writeBrokenBinarySearch(crateDir);
  writeFileSync(path.join(repoDir, 'verus-repair.toml'), [
    '[verifier]', 'runner = "local"', `pass_env = ${JSON.stringify(FAKE_PASS_ENV)}`, 'scope = "crate"',
    '', '[verifier.precheck]', options.precheck === true ? `target_dir = ${JSON.stringify(path.join(ROOT, 'rust-fixtures', 'target'))}` : 'enabled = false', 'offline = true', '', ...(options.extraToml ?? []), '',
  ].join('\n'));
  await commitRepository(repoDir, { name: 'MCP', email: 'mcp@example.invalid' });

  const scenarioDir = path.join(scratch, 'scenario');
  mkdirSync(scenarioDir);
  writeBinarySearchOutputs(scenarioDir);
  // cargo verus gets --locked when the crate has a Cargo.lock (the pre-check's build writes one in a review's crate).
  const argvs = [false, true].map((locked) => ['verus', '/^(verify|focus)$/', '--fwd-verus-args-to', 'roots', ...(locked ? ['--locked'] : []), '--message-format=json', '--', '--output-json', '--time', '--rlimit', '/^[0-9]+(\\.[0-9]+)?$/', '...']);
  writeFileSync(path.join(scenarioDir, 'scenario.json'), JSON.stringify({
    origin: 'synthetic',
    description: 'MCP tests: verified when the loop carries sorted(v@), an invariant failure otherwise; a hang that records its pids when the source holds the hang marker',
    invocations: argvs.flatMap((argv) => [
      { tool: 'cargo-verus', argv, whenSource: { file: 'src/lib.rs', contains: HANG_MARKER }, hang: true, recordProcesses: true, env: { OPENAI_API_KEY: null } },
      { tool: 'cargo-verus', argv, whenSource: { file: 'src/lib.rs', contains: FIX_MARKER, lacks: HANG_MARKER }, stdout: 'verified.stdout', stderr: 'verified.stderr', exitCode: 0, env: { OPENAI_API_KEY: null } },
      { tool: 'cargo-verus', argv, whenSource: { file: 'src/lib.rs', lacks: FIX_MARKER }, stdout: 'failed.stdout', stderr: 'failed.stderr', exitCode: 1, env: { OPENAI_API_KEY: null } },
    ]),
  }, null, 2));
  const markerFile = path.join(scratch, 'marker');
  const environment: Record<string, string> = {
    PATH: `${FAKE_BIN_DIR}${path.delimiter}${process.env['PATH'] ?? ''}`,
    HOME: process.env['HOME'] ?? os.homedir(),
    OPENAI_API_KEY: DECOY_KEY,
    VERUS_REPAIR_FAKE_SCENARIO: scenarioDir,
    VERUS_REPAIR_FAKE_LOG: path.join(scratch, 'invocations.jsonl'),
    VERUS_REPAIR_FAKE_MARKER: markerFile,
  };
  for (const name of ['CARGO_HOME', 'RUSTUP_HOME']) if (process.env[name] !== undefined) environment[name] = process.env[name] ?? '';
  return {
    repoDir, crateDir, libFile: path.join(crateDir, 'src', 'lib.rs'), scratch, environment, markerFile,
    connect: (name = 'test-agent', version = '1.0') => connectMcpServer(repoDir, environment, scratch, name, version),
    close: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

/** `verus-repair mcp --repo DIR` from the sources as a child process, and the SDK's client connected to it over stdio. */
export async function connectMcpServer(repoDir: string, environment: Record<string, string>, cwd: string, name = 'test-agent', version = '1.0'): Promise<{ client: Client; transport: StdioClientTransport; stderr: () => string }> {
  const loader = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', loader, path.join(ROOT, 'src', 'cli', 'run.ts'), 'mcp', '--repo', repoDir], env: environment, cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const client = new Client({ name, version });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

/** The broken source with the loop invariant the proof needs. */
export function fixedSource(): string {
  const fixed = BROKEN.replace('            lo <= hi <= v.len(),\n', FIX_MARKER);
  if (fixed === BROKEN) throw new Error('the broken fixture no longer has the line the fix extends');
  return fixed;
}
