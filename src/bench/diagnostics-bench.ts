import { performance } from 'node:perf_hooks';
import { normalizeReport } from '../diagnostics/normalize-report.js';
import { parseVerifierOutput } from '../diagnostics/parse-verifier-output.js';
import type { BenchReport } from './bench-report.js';

const LINE_COUNT = 10_000;
const RUNS = 7;
const TARGET_MS = 100;

interface Shape {
  message: string;
  code: string | null;
  level: string;
  labels: Array<{ label: string | null; primary: boolean; lines: number }>;
  children: Array<{ level: string; message: string }>;
}

/** Shapes of the real corpus (../shared/verus-outputs): messages, span labels and children as Verus prints them. */
const SHAPES: Shape[] = [
  { message: 'precondition not satisfied', code: null, level: 'error', labels: [{ label: 'failed precondition', primary: false, lines: 1 }, { label: null, primary: true, lines: 1 }], children: [] },
  { message: 'assertion failed', code: null, level: 'error', labels: [{ label: 'assertion failed', primary: true, lines: 1 }], children: [] },
  { message: 'possible arithmetic underflow/overflow', code: null, level: 'error', labels: [{ label: null, primary: true, lines: 1 }], children: [] },
  { message: 'loop invariant not satisfied', code: null, level: 'error', labels: [{ label: 'failed this invariant', primary: false, lines: 2 }, { label: 'at this loop exit', primary: true, lines: 1 }], children: [] },
  { message: 'postcondition not satisfied', code: null, level: 'error', labels: [{ label: 'failed this postcondition', primary: true, lines: 1 }, { label: 'at the end of the function body', primary: false, lines: 1 }], children: [] },
  { message: 'mismatched types', code: 'E0308', level: 'error', labels: [{ label: 'expected `int`, found `usize`', primary: true, lines: 1 }, { label: 'arguments to this method are incorrect', primary: false, lines: 1 }], children: [{ level: 'note', message: 'method defined here' }] },
  { message: 'Could not automatically infer triggers for this quantifier.  Use #[trigger] annotations to manually mark trigger terms instead.', code: null, level: 'error', labels: [{ label: null, primary: true, lines: 2 }], children: [] },
  { message: 'while loop: Resource limit (rlimit) exceeded; consider rerunning with --profile for more details', code: null, level: 'error', labels: [{ label: null, primary: true, lines: 1 }], children: [] },
  { message: 'recommendation not met', code: null, level: 'note', labels: [{ label: null, primary: true, lines: 1 }, { label: 'recommendation not met', primary: false, lines: 1 }], children: [] },
  { message: 'function body check: not all errors may have been reported; rerun with a higher value for --multiple-errors to find other potential errors in this function', code: null, level: 'note', labels: [{ label: null, primary: true, lines: 1 }], children: [] },
];

/** A small deterministic generator (mulberry32), so every run parses the same 10,000 lines. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function generateLines(): string[] {
  const random = createRandom(20260822);
  const pick = (limit: number): number => Math.floor(random() * limit);
  return Array.from({ length: LINE_COUNT }, (_, index) => {
    const shape = SHAPES[index % SHAPES.length] as Shape;
    const file = `/tmp/tmp${pick(1e8).toString(36)}/src/Chap${10 + pick(60)}/Module${pick(40)}.rs`;
    const spans = shape.labels.map((entry) => {
      const line = 1 + pick(3000);
      const column = 1 + pick(60);
      const text = Array.from({ length: entry.lines }, () => ({ text: `${' '.repeat(column - 1)}let value_${pick(999)} = helper(x, ${pick(99)});`, highlight_start: column, highlight_end: column + 12 }));
      const byteStart = line * 40 + column;
      return { file_name: file, byte_start: byteStart, byte_end: byteStart + 12, line_start: line, line_end: line + entry.lines - 1, column_start: column, column_end: column + 12, is_primary: entry.primary, text, label: entry.label, suggested_replacement: null, suggestion_applicability: null, expansion: null };
    });
    const children = shape.children.map((child) => ({ message: child.message, code: null, level: child.level, spans: [], children: [], rendered: null }));
    const code = shape.code === null ? null : { code: shape.code, explanation: null };
    return JSON.stringify({ $message_type: 'diagnostic', message: shape.message, code, level: shape.level, spans, children, rendered: `${shape.level}: ${shape.message}\n  --> ${file}:${spans[0]?.line_start ?? 1}:${spans[0]?.column_start ?? 1}\n` });
  });
}

function medianMs(action: () => void): number {
  action();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    action();
    samples.push(performance.now() - start);
  }
  samples.sort((left, right) => left - right);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

/** Parse-and-classify throughput on 10,000 JSON diagnostic lines, against bare JSON.parse of the same lines. */
export async function runDiagnosticsBenchmark(): Promise<BenchReport> {
  const lines = generateLines();
  const stream = lines.join('\n');
  const rendered = lines.map((line) => String((JSON.parse(line) as { rendered: string }).rendered)).join('\n');
  const report = parseVerifierOutput({ stdout: '', stderr: stream });
  const jsonParseMs = medianMs(() => lines.forEach((line) => JSON.parse(line)));
  const parseMs = medianMs(() => parseVerifierOutput({ stdout: '', stderr: stream }));
  const normalizeMs = medianMs(() => normalizeReport(report, { root: '/tmp' }));
  const textParseMs = medianMs(() => parseVerifierOutput({ stdout: '', stderr: rendered }));
  const metrics = {
    lines: LINE_COUNT,
    diagnostics: report.diagnostics.length,
    parseMs,
    linesPerSecond: Math.round((LINE_COUNT / parseMs) * 1000),
    jsonParseMs,
    parseOverJsonParse: parseMs / jsonParseMs,
    normalizeMs,
    normalizeOverParse: normalizeMs / parseMs,
    textParseMs,
    textParseOverJsonPath: textParseMs / parseMs,
    targetMs: TARGET_MS,
    meetsTarget: parseMs < TARGET_MS ? 1 : 0,
  };
  return {
    name: 'diagnostics: parse and classify Verus output',
    lines: [
      `${LINE_COUNT} JSON diagnostic lines (${report.diagnostics.length} diagnostics kept) parsed and classified in ${parseMs.toFixed(1)} ms (median of ${RUNS}; target < ${TARGET_MS} ms: ${parseMs < TARGET_MS ? 'met' : 'MISSED'})`,
      `throughput ${metrics.linesPerSecond.toLocaleString('en-US')} lines/s; ${metrics.parseOverJsonParse.toFixed(2)}x the time of bare JSON.parse of the same lines (${jsonParseMs.toFixed(1)} ms)`,
      `normalizeReport: ${normalizeMs.toFixed(1)} ms (${metrics.normalizeOverParse.toFixed(2)}x parse time)`,
      `human-text fallback on the same diagnostics' rendered text: ${textParseMs.toFixed(1)} ms (${metrics.textParseOverJsonPath.toFixed(2)}x the JSON path)`,
    ],
    metrics,
  };
}
