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
import { ConfigurationError } from '../core/errors.js';
import type { BenchReport } from './bench-report.js';
import { compareInterleaved } from './compare-interleaved.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = path.join(ROOT, 'rust-fixtures');
const OVERHEAD_RUNS = 9;

/**
 * The MCP server (`verus-repair mcp`, started from the sources as a child process, driven by the
 * SDK's client over stdio), measured in one run against what an agent would otherwise do:
 * 1. tokens (o200k_base) of a `verus_outline` reply against the whole file, on every fixture
 *    crate's src/lib.rs and on any .rs files given (target <= 0.3). Each of the reply's two views
 *    is measured on its own, since a client hands the model one of them: Claude Code and Copilot
 *    CLI the structured content as JSON, clients that read only text the text content;
 *    the clause texts alone are reported too, as the floor of any outline that carries them;
 * 2. the server's own time per `verus_verify` (guard, scratch copy, scope, the protocol round trip)
 *    over the same check in this process (the verifier built once, as the server builds it), and
 *    over `verifyPath` as the CLI's verify calls it; interleaved, without the result cache and the
 *    pre-check, so each runs the fake cargo-verus once (target <= 50 ms).
 * These are measurements of the harness with the FAKE verifier (a Node script replaying synthetic
 * output), not of Verus.
 */
export async function runMcpBenchmark(extraFiles: string[] = []): Promise<BenchReport> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'verus-repair-mcp-bench-'));
  try {
    const outlines = await measureOutlineTokens(work, extraFiles);
    const fixtures = summarizeOutlines(outlines.filter((entry) => entry.group === 'fixture'));
    const extra = summarizeOutlines(outlines.filter((entry) => entry.group === 'extra'));
    const overhead = await measureVerifyOverhead();
    return {
      name: 'mcp: verus_outline tokens vs the whole file, server overhead per verus_verify vs verify (measured on the harness with the FAKE verifier, not Verus)',
      lines: [
        'tokens (o200k_base) of the whole file -> of the verus_outline reply as a model sees it: its structured content as JSON',
        '(what Claude Code and Copilot CLI hand the model) / its text content (what clients that read only the text hand it)',
        ...outlines.filter((entry) => entry.group === 'fixture').map((entry) => `${entry.file}: ${entry.whole} -> ${entry.structured} (${(entry.structured / entry.whole).toFixed(2)}) / ${entry.text} (${(entry.text / entry.whole).toFixed(2)})`),
        ...describeOutlineSummary(`${fixtures.count} fixture crates' src/lib.rs`, fixtures),
        ...(extra.count === 0 ? ['(no other files given: `npm run bench -- mcp FILE...` measures them too, e.g. a public corpus)'] : describeOutlineSummary(`${extra.count} file(s) given on the command line`, extra)),
        `medians of ${OVERHEAD_RUNS} interleaved runs, each running the fake cargo-verus once (no cache, no pre-check):`,
        `  verify as the CLI calls it (verifyPath: config, verifier set up per call): ${overhead.direct.toFixed(1)} ms`,
        `  the verifier alone on a fresh scratch copy (verifyCandidate, verifier built once, as the server does): ${overhead.verifier.toFixed(1)} ms`,
        `  verus_verify over MCP (stdio round trip, reading the crate, baseline guard, scratch copy, scope, reply): ${overhead.mcp.toFixed(1)} ms`,
        '  (verifyPath also reads the configuration and builds a verifier on every call, and verifies the crate in place rather than a copy)',
        `server overhead per verus_verify over the verifier alone: ${(overhead.mcp - overhead.verifier).toFixed(1)} ms (target <= 50 ms); over verifyPath: ${(overhead.mcp - overhead.direct).toFixed(1)} ms`,
      ],
      metrics: {
        outlineStructuredMedianRatio: fixtures.structuredMedian, outlineTextMedianRatio: fixtures.textMedian, outlineClauseFloorMedianRatio: fixtures.clauseMedian,
        ...(extra.count === 0 ? {} : { extraOutlineStructuredMedianRatio: extra.structuredMedian, extraOutlineTextMedianRatio: extra.textMedian }),
        directVerifyMs: overhead.direct, verifierAloneMs: overhead.verifier, mcpVerifyMs: overhead.mcp, overheadMs: overhead.mcp - overhead.verifier,
      },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface OutlineMeasurement {
  group: 'fixture' | 'extra';
  file: string;
  whole: number;
  structured: number;
  text: number;
  /** The tokens of the clause texts alone (requires, ensures, decreases, invariants): what no outline that carries them can go below. */
  clauses: number;
}

interface OutlineSummary {
  count: number;
  structuredMedian: number;
  textMedian: number;
  clauseMedian: number;
  structuredTotal: number;
  textTotal: number;
  wholeTotal: number;
}

function summarizeOutlines(entries: readonly OutlineMeasurement[]): OutlineSummary {
  const sum = (pick: (entry: OutlineMeasurement) => number): number => entries.reduce((total, entry) => total + pick(entry), 0);
  return {
    count: entries.length,
    structuredMedian: median(entries.map((entry) => entry.structured / entry.whole)),
    textMedian: median(entries.map((entry) => entry.text / entry.whole)),
    clauseMedian: median(entries.map((entry) => entry.clauses / entry.whole)),
    structuredTotal: sum((entry) => entry.structured),
    textTotal: sum((entry) => entry.text),
    wholeTotal: sum((entry) => entry.whole),
  };
}

function describeOutlineSummary(label: string, summary: OutlineSummary): string[] {
  return [
    `${label}: median ratio outline/whole file ${summary.structuredMedian.toFixed(3)} as structured content, ${summary.textMedian.toFixed(3)} as text (target <= 0.3); totals ${summary.structuredTotal} / ${summary.textTotal} vs ${summary.wholeTotal} tokens`,
    `  the clause texts alone (requires, ensures, decreases, invariants) are a median ${summary.clauseMedian.toFixed(3)} of the file: the floor of any outline that carries them`,
  ];
}

async function measureOutlineTokens(work: string, extraFiles: readonly string[]): Promise<OutlineMeasurement[]> {
  const repo = path.join(work, 'fixtures');
  const crates = readdirSync(FIXTURES).filter((name) => existsSync(path.join(FIXTURES, name, 'Cargo.toml')) && existsSync(path.join(FIXTURES, name, 'src', 'lib.rs'))).sort();
  for (const crate of crates) {
    mkdirSync(path.join(repo, crate), { recursive: true });
    cpSync(path.join(FIXTURES, crate, 'Cargo.toml'), path.join(repo, crate, 'Cargo.toml'));
    cpSync(path.join(FIXTURES, crate, 'src'), path.join(repo, crate, 'src'), { recursive: true });
  }
  // Files given on the command line are copied in (the server reads only inside its repository), each under its own name.
  const extras = extraFiles.map((file, index) => {
    if (!existsSync(file) || !file.endsWith('.rs')) throw new ConfigurationError(`bench mcp: ${file}: expected an existing .rs file`);
    const relative = `given/${index}-${path.basename(file)}`;
    mkdirSync(path.join(repo, 'given'), { recursive: true });
    cpSync(file, path.join(repo, relative));
    return relative;
  });
  await initRepository(repo);
  const targets = [...crates.map((crate) => ({ group: 'fixture' as const, file: `${crate}/src/lib.rs` })), ...extras.map((file) => ({ group: 'extra' as const, file }))];
  const measurements: OutlineMeasurement[] = [];
  // One session per file: a session's baseline is one crate.
  for (const { group, file } of targets) {
    const session = await connect(repo, { PATH: process.env['PATH'] ?? '', HOME: os.homedir() });
    try {
      const reply = (await session.client.callTool({ name: 'verus_outline', arguments: { file } })) as CallToolResult & { structuredContent?: { functions?: Array<{ requires?: string[]; ensures?: string[]; decreases?: string[]; loops?: Array<{ invariants?: string[]; decreases?: string[] }> }> } };
      if (reply.isError === true) throw new Error(`mcp bench: verus_outline ${file} failed: ${JSON.stringify(reply.content)}`);
      const clauses = (reply.structuredContent?.functions ?? []).flatMap((fn) => [...(fn.requires ?? []), ...(fn.ensures ?? []), ...(fn.decreases ?? []), ...(fn.loops ?? []).flatMap((loop) => [...(loop.invariants ?? []), ...(loop.decreases ?? [])])]);
      measurements.push({
        group,
        file,
        whole: countPromptTokens(readFileSync(path.join(repo, file), 'utf8')),
        structured: countPromptTokens(JSON.stringify(reply.structuredContent)),
        text: countPromptTokens(reply.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')),
        clauses: countPromptTokens(clauses.join('\n')),
      });
    } finally {
      await session.client.close();
    }
  }
  return measurements;
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
