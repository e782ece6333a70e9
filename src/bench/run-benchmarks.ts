import { ConfigurationError, InputError } from '../core/errors.js';
import type { BenchReport } from './bench-report.js';

/**
 * `npm run bench`: runs every benchmark suite in this process, one after another, and prints each
 * suite's figures. Suites report ratios measured in the same run, so results compare across
 * machines; absolute times are printed for context only. `npm run bench -- parse tokens` runs a subset;
 * the words after the name of a suite that takes arguments are its own (`npm run bench -- spec DIR`).
 */
const SUITES: Record<string, (args: string[]) => Promise<BenchReport>> = {
  parse: async () => (await import('./parse-bench.js')).runParseBenchmark(),
  diagnostics: async () => (await import('./diagnostics-bench.js')).runDiagnosticsBenchmark(),
  verifier: async () => (await import('./verifier-bench.js')).runVerifierBenchmark(),
  lifeline: async () => (await import('./lifeline-bench.js')).runLifelineBenchmark(),
  tokens: async () => (await import('./tokens-bench.js')).runTokensBenchmark(),
  repair: async () => (await import('./repair-bench.js')).runRepairBenchmark(),
  queue: async () => (await import('./queue-bench.js')).runQueueBenchmark(),
  harness: async () => (await import('./harness-bench.js')).runHarnessBenchmark(),
  scope: async () => (await import('./scope-bench.js')).runScopeBenchmark(),
  review: async () => (await import('./review-bench.js')).runReviewBenchmark(),
  stability: async () => (await import('./stability-bench.js')).runStabilityBenchmark(),
  spec: async (args) => (await import('./spec-bench.js')).runSpecBenchmark(args),
  planted: async (args) => (await import('./planted-bugs-bench.js')).runPlantedBugsBenchmark(args),
  mcp: async (args) => (await import('./mcp-bench.js')).runMcpBenchmark(args),
};

async function runBenchmarks(selected: string[]): Promise<void> {
  const runs = selected.length === 0 ? Object.keys(SUITES).map((name) => ({ name, args: [] as string[] })) : groupSuiteArguments(selected);
  for (const { name, args } of runs) {
    const suite = SUITES[name];
    if (suite === undefined) {
      throw new ConfigurationError(`unknown benchmark suite "${name}"; known: ${Object.keys(SUITES).join(', ')}`);
    }
    const report = await suite(args);
    process.stdout.write(`\n## ${report.name}\n${report.lines.map((line) => `  ${line}`).join('\n')}\n`);
  }
}

/** The suites that take arguments; after any other suite's name, a word is a suite name (a typo is an error). */
const SUITES_WITH_ARGUMENTS = new Set(['spec', 'planted', 'mcp']);

function groupSuiteArguments(words: string[]): Array<{ name: string; args: string[] }> {
  const runs: Array<{ name: string; args: string[] }> = [];
  for (const word of words) {
    const last = runs[runs.length - 1];
    if (last !== undefined && SUITES_WITH_ARGUMENTS.has(last.name) && SUITES[word] === undefined) last.args.push(word);
    else runs.push({ name: word, args: [] });
  }
  return runs;
}

try {
  await runBenchmarks(process.argv.slice(2));
} catch (error) {
  // A mistyped suite or a bad argument (a DIR that is not one, a file that does not parse) is the user's: said, exit 2.
  if (!(error instanceof ConfigurationError || error instanceof InputError)) throw error;
  process.stderr.write(`bench: ${error.message}\n`);
  process.exitCode = 2;
}
