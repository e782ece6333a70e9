import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { simpleGit } from 'simple-git';
import { createFakeSetup, FAKE_PASS_ENV } from '../../test/fakes/fake-environment.js';
import { createTemporaryCrate } from '../../test/fakes/temporary-crate.js';
import { countPromptTokens } from '../agents/model/estimate-usage.js';
import { createVerifier } from '../verification/create-verifier.js';
import { verifyPath } from '../verification/verify-path.js';
import { loadVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { verifyCandidate } from '../verifier/verify-candidate.js';
import { materializeCrate, readCrateFiles } from '../repair/setup/crate-snapshot.js';
import type { BenchReport } from './bench-report.js';
import { compareInterleaved } from './compare-interleaved.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = path.join(ROOT, 'rust-fixtures');
const OVERHEAD_RUNS = 9;

/**
 * The MCP server (`verus-repair mcp`, started from the sources as a child process, driven by the
 * SDK's client over stdio), measured in one run against what an agent would otherwise do:
 * 1. tokens (o200k_base) of a `verus_outline` reply (its structured content as JSON plus its text
 *    summary) against the whole file, on every fixture crate's src/lib.rs (target <= 0.3);
 * 2. the server's own time per `verus_verify` (guard, scratch copy, scope, the protocol round trip)
 *    over the same check in this process (the verifier built once, as the server builds it), and
 *    over `verifyPath` as the CLI's verify calls it; interleaved, without the result cache and the
 *    pre-check, so each runs the fake cargo-verus once (target <= 50 ms).
 * These are measurements of the harness with the FAKE verifier (a Node script replaying synthetic
 * output), not of Verus.
 */
export async function runMcpBenchmark(): Promise<BenchReport> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'verus-repair-mcp-bench-'));
  try {
    const tokens = await measureOutlineTokens(work);
    const overhead = await measureVerifyOverhead();
    return {
      name: 'mcp: verus_outline tokens vs the whole file, server overhead per verus_verify vs verify (measured on the harness with the FAKE verifier, not Verus)',
      lines: [
        'file: whole-file tokens -> verus_outline reply tokens (ratio)',
        ...tokens.lines,
        `median ratio outline/whole file: ${tokens.median.toFixed(3)} over ${tokens.ratios.length} fixture crates (target <= 0.3); total ${tokens.outlineTotal} vs ${tokens.wholeTotal} tokens`,
        `medians of ${OVERHEAD_RUNS} interleaved runs, each running the fake cargo-verus once (no cache, no pre-check):`,
        `  verify as the CLI calls it (verifyPath: config, verifier set up per call): ${overhead.direct.toFixed(1)} ms`,
        `  the verifier alone on a fresh scratch copy (verifyCandidate, verifier built once, as the server does): ${overhead.verifier.toFixed(1)} ms`,
        `  verus_verify over MCP (stdio round trip, reading the crate, baseline guard, scratch copy, scope, reply): ${overhead.mcp.toFixed(1)} ms`,
        '  (verifyPath also reads the configuration and builds a verifier on every call, and verifies the crate in place rather than a copy)',
        `server overhead per verus_verify over the verifier alone: ${(overhead.mcp - overhead.verifier).toFixed(1)} ms (target <= 50 ms); over verifyPath: ${(overhead.mcp - overhead.direct).toFixed(1)} ms`,
      ],
      metrics: { outlineMedianRatio: tokens.median, outlineTokens: tokens.outlineTotal, wholeFileTokens: tokens.wholeTotal, directVerifyMs: overhead.direct, verifierAloneMs: overhead.verifier, mcpVerifyMs: overhead.mcp, overheadMs: overhead.mcp - overhead.verifier },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function measureOutlineTokens(work: string): Promise<{ lines: string[]; ratios: number[]; median: number; outlineTotal: number; wholeTotal: number }> {
  const repo = path.join(work, 'fixtures');
  const crates = readdirSync(FIXTURES).filter((name) => existsSync(path.join(FIXTURES, name, 'Cargo.toml')) && existsSync(path.join(FIXTURES, name, 'src', 'lib.rs'))).sort();
  for (const crate of crates) {
    mkdirSync(path.join(repo, crate), { recursive: true });
    cpSync(path.join(FIXTURES, crate, 'Cargo.toml'), path.join(repo, crate, 'Cargo.toml'));
    cpSync(path.join(FIXTURES, crate, 'src'), path.join(repo, crate, 'src'), { recursive: true });
  }
  await initRepository(repo);
  const lines: string[] = [];
  const ratios: number[] = [];
  let outlineTotal = 0;
  let wholeTotal = 0;
  // One session per crate: a session's baseline is one crate.
  for (const crate of crates) {
    const session = await connect(repo, { PATH: process.env['PATH'] ?? '', HOME: os.homedir() });
    try {
      const file = `${crate}/src/lib.rs`;
      const reply = (await session.client.callTool({ name: 'verus_outline', arguments: { file } })) as CallToolResult;
      if (reply.isError === true) throw new Error(`mcp bench: verus_outline ${file} failed: ${JSON.stringify(reply.content)}`);
      const outline = countPromptTokens(`${JSON.stringify(reply.structuredContent)}\n${reply.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')}`);
      const whole = countPromptTokens(readFileSync(path.join(repo, file), 'utf8'));
      ratios.push(outline / whole);
      outlineTotal += outline;
      wholeTotal += whole;
      lines.push(`${file}: ${whole} -> ${outline} (${(outline / whole).toFixed(2)})`);
    } finally {
      await session.client.close();
    }
  }
  return { lines, ratios, median: median(ratios), outlineTotal, wholeTotal };
}

async function measureVerifyOverhead(): Promise<{ direct: number; verifier: number; mcp: number }> {
  const crateDir = createTemporaryCrate({
    'verus-repair.toml': ['[verifier]', 'runner = "local"', `pass_env = ${JSON.stringify(FAKE_PASS_ENV)}`, 'scope = "crate"', '', '[verifier.precheck]', 'enabled = false', '', '[mcp]', 'cache = false', ''].join('\n'),
  });
  await initRepository(crateDir);
  const fake = createFakeSetup('run-local-crate-verified');
  const environment = Object.fromEntries(Object.entries(fake.environment).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const session = await connect(crateDir, environment);
  try {
    const direct = async (): Promise<void> => {
      const run = await verifyPath({ path: crateDir, cache: false, precheck: false, environment });
      if (run.outcome.verification?.status !== 'verified') throw new Error(`mcp bench: verify gave ${run.outcome.verification?.status ?? 'no verdict'}`);
    };
    // The verifier alone, built once (as the server builds it once per connection): what a call costs without the CLI's setup.
    const { config } = await loadVerifierConfig(crateDir);
    const verifier = await createVerifier(config, environment);
    const options = { rlimit: config.rlimit, expandErrors: config.expandErrors, noCheating: config.noCheating, timeoutMs: config.timeoutMs, extraVerusArgs: config.extraVerusArgs };
    // On a fresh scratch copy each time, as the server checks one: the fake cargo's freshness model then does the same work for both.
    const files = await readCrateFiles(crateDir);
    const alone = async (): Promise<void> => {
      const scratch = await materializeCrate(files, crateDir, 'mcp-bench');
      try {
        const outcome = await verifyCandidate({ kind: 'crate', crateDir: scratch }, options, { verifier, prechecker: null, cache: null, precheckRunsTests: false });
        if (outcome.verification?.status !== 'verified') throw new Error(`mcp bench: the verifier gave ${outcome.verification?.status ?? 'no verdict'}`);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    };
    const viaMcp = async (): Promise<void> => {
      const reply = (await session.client.callTool({ name: 'verus_verify', arguments: {} })) as CallToolResult & { structuredContent?: { verdict?: string } };
      if (reply.structuredContent?.verdict !== 'verified') throw new Error(`mcp bench: verus_verify gave ${JSON.stringify(reply.content)}`);
    };
    const [directMs, verifierMs, mcpMs] = await compareInterleaved(OVERHEAD_RUNS, [direct, alone, viaMcp]);
    return { direct: directMs, verifier: verifierMs, mcp: mcpMs };
  } finally {
    await session.client.close();
  }
}

async function connect(repo: string, environment: Record<string, string>): Promise<{ client: Client }> {
  const loader = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', loader, path.join(ROOT, 'src', 'cli', 'run.ts'), 'mcp', '--repo', repo], env: environment, stderr: 'ignore' });
  const client = new Client({ name: 'verus-repair-bench', version: '0.1.0' });
  await client.connect(transport);
  return { client };
}

async function initRepository(directory: string): Promise<void> {
  writeFileSync(path.join(directory, '.gitignore'), 'target/\n');
  const git = simpleGit(directory);
  await git.init(['-q']);
  await git.addConfig('user.name', 'bench').addConfig('user.email', 'bench@example.invalid').addConfig('commit.gpgsign', 'false');
  await git.add('.');
  await git.commit('fixtures');
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
