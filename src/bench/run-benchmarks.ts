import type { BenchReport } from './bench-report.js';

/**
 * `npm run bench`: runs every benchmark suite in this process, one after another, and prints each
 * suite's figures. Suites report ratios measured in the same run, so results compare across
 * machines; absolute times are printed for context only. `npm run bench -- parse tokens` runs a subset.
 */
const SUITES: Record<string, () => Promise<BenchReport>> = {
  parse: async () => (await import('./parse-bench.js')).runParseBenchmark(),
  diagnostics: async () => (await import('./diagnostics-bench.js')).runDiagnosticsBenchmark(),
  verifier: async () => (await import('./verifier-bench.js')).runVerifierBenchmark(),
  tokens: async () => (await import('./tokens-bench.js')).runTokensBenchmark(),
  repair: async () => (await import('./repair-bench.js')).runRepairBenchmark(),
  queue: async () => (await import('./queue-bench.js')).runQueueBenchmark(),
  harness: async () => (await import('./harness-bench.js')).runHarnessBenchmark(),
  scope: async () => (await import('./scope-bench.js')).runScopeBenchmark(),
  review: async () => (await import('./review-bench.js')).runReviewBenchmark(),
  stability: async () => (await import('./stability-bench.js')).runStabilityBenchmark(),
};

async function runBenchmarks(selected: string[]): Promise<void> {
  const names = selected.length === 0 ? Object.keys(SUITES) : selected;
  for (const name of names) {
    const suite = SUITES[name];
    if (suite === undefined) {
      throw new Error(`unknown benchmark suite "${name}"; known: ${Object.keys(SUITES).join(', ')}`);
    }
    const report = await suite();
    process.stdout.write(`\n## ${report.name}\n${report.lines.map((line) => `  ${line}`).join('\n')}\n`);
  }
}

await runBenchmarks(process.argv.slice(2));
