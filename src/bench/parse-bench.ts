import { buildVerusIr, generateVerusSource, measureTreeSitterScan, startPhaseTimer, type PhaseTiming } from '../ir/index.js';
import type { BenchReport } from './bench-report.js';

const MINIMUM_LINES = 50_000;
const RUNS = 5;
/** Runs before measuring: the first IR builds run while V8 is still compiling the builder. Ratios are of the medians. */
const WARM_UP_RUNS = 2;

/**
 * Cost of building the Verus IR on top of tree-sitter, on one synthetic 50k-line Verus file
 * (src/ir/testing/generate-verus-source.ts: binary searches with quantified invariants, recursive
 * spec fns and lemmas, impl methods with loops, nested for/loop with proof blocks, `=~=`, non-ASCII
 * comments). Per run, in the same process: the raw tree-sitter parse, the tree walk into flat token
 * arrays, and the plain-JS IR build. The figure that matters is (walk + build) / raw parse, target
 * <= 0.5. It is reported on wall-clock time and on process CPU time: on a machine shared with other
 * work, wall-clock phases stretch unevenly, CPU time much less so (it does include GC helper threads).
 */
export async function runParseBenchmark(): Promise<BenchReport> {
  const text = generateVerusSource({ minimumLines: MINIMUM_LINES, nonAscii: true });
  const runs: Array<{ parse: PhaseTiming; walk: PhaseTiming; build: PhaseTiming }> = [];
  let functions = 0;
  let loops = 0;
  for (let run = 0; run < WARM_UP_RUNS + RUNS; run++) {
    const measured = await measureTreeSitterScan(text);
    const stop = startPhaseTimer();
    const ir = buildVerusIr(text, measured.scan, { file: 'bench.rs' });
    const build = stop();
    functions = ir.functions.length;
    loops = ir.functions.reduce((total, fn) => total + fn.loops.length, 0);
    if (run >= WARM_UP_RUNS) runs.push({ parse: measured.parse, walk: measured.walk, build });
  }
  const wall = summarize(runs, 'wallMilliseconds');
  const cpu = summarize(runs, 'cpuMilliseconds');
  const peakRssMegabytes = process.resourceUsage().maxRSS / 1024;
  const lineCount = text.split('\n').length;
  return {
    name: 'parse: Verus IR build vs raw tree-sitter parse',
    lines: [
      `input: synthetic ${lineCount}-line Verus file (${(Buffer.byteLength(text) / 1e6).toFixed(2)} MB, ${functions} functions, ${loops} loops); medians of ${RUNS} runs after ${WARM_UP_RUNS} warm-up runs`,
      `wall: parse ${wall.parse.toFixed(0)} ms, walk ${wall.walk.toFixed(0)} ms, IR build ${wall.build.toFixed(0)} ms -> (walk + build) / parse = ${wall.ratio.toFixed(2)} (target <= 0.5)`,
      `cpu:  parse ${cpu.parse.toFixed(0)} ms, walk ${cpu.walk.toFixed(0)} ms, IR build ${cpu.build.toFixed(0)} ms -> (walk + build) / parse = ${cpu.ratio.toFixed(2)} (target <= 0.5)`,
      `peak RSS: ${peakRssMegabytes.toFixed(0)} MB`,
    ],
    metrics: {
      lines: lineCount,
      rawParseMilliseconds: wall.parse,
      walkMilliseconds: wall.walk,
      buildMilliseconds: wall.build,
      irBuildToRawParseRatio: wall.ratio,
      irBuildToRawParseCpuRatio: cpu.ratio,
      walkToRawParseRatio: wall.walk / wall.parse,
      buildToRawParseRatio: wall.build / wall.parse,
      peakRssMegabytes,
    },
  };
}

function summarize(runs: ReadonlyArray<Record<'parse' | 'walk' | 'build', PhaseTiming>>, field: keyof PhaseTiming): { parse: number; walk: number; build: number; ratio: number } {
  const parse = median(runs.map((run) => run.parse[field]));
  const walk = median(runs.map((run) => run.walk[field]));
  const build = median(runs.map((run) => run.build[field]));
  return { parse, walk, build, ratio: (walk + build) / parse };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
