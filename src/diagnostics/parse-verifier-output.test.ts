import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTPUT_LIMITS } from './output/output-limits.js';
import { parseVerifierOutput } from './parse-verifier-output.js';

// Synthetic fixtures (see test/fixtures/verus/diag-README.md).
const fixture = (name: string): string => readFileSync(new URL(`../../test/fixtures/verus/${name}`, import.meta.url), 'utf8');
const parseText = (text: string) => parseVerifierOutput({ stdout: text, stderr: '' });

function jsonDiagnostic(message: string, line: number, label: string | null = null): string {
  const span = { file_name: 'src/lib.rs', byte_start: line * 10, byte_end: line * 10 + 4, line_start: line, line_end: line, column_start: 5, column_end: 9, is_primary: true, text: [{ text: '    body', highlight_start: 5, highlight_end: 9 }], label };
  return JSON.stringify({ $message_type: 'diagnostic', message, code: null, level: 'error', spans: [span], children: [], rendered: `error: ${message}\n` });
}

describe('parseVerifierOutput: the --output-json document', () => {
  it('reads results, build info and the per-function breakdown with its `mode:` key', () => {
    const report = parseText(fixture('diag-output-json-times.json'));
    expect(report.summary).toEqual({ verified: 3, errors: 1 });
    expect(report.verusVersion).toBe('0.2026.08.15.7d4628a');
    expect(report.outputJson?.verificationResults).toEqual({ encounteredError: true, encounteredVirError: false, success: false, verified: 3, errors: 1, isVerifyingEntireCrate: true });
    expect(report.outputJson?.verus?.platform).toEqual({ os: 'linux', arch: 'x86_64' });
    expect(report.outputJson?.raw['func-details']).toBeDefined();
    expect(report.functions).toEqual([
      { function: 'demo::sum_to', module: 'demo', mode: 'Exec', success: true, timeMs: 120.25, rlimit: 400000 },
      { function: 'demo::lemma_sum', module: 'demo', mode: 'Proof', success: false, timeMs: 170.004, rlimit: 460000 },
      { function: 'demo::spec_sum', module: 'demo', mode: 'Spec', success: true, timeMs: 10.158, rlimit: 10000 },
      { function: 'demo::inner::helper', module: 'demo::inner', mode: 'Exec', success: true, timeMs: 68.003, rlimit: 120123 },
    ]);
    expect(report.diagnostics).toEqual([]);
    expect(report.unparsedLineCount).toBe(0);
  });

  it('finds the document among other stdout lines, even with a brace inside a string', () => {
    const report = parseText(fixture('diag-output-json-mixed-stdout.txt'));
    expect(report.summary).toEqual({ verified: 4, errors: 1 });
    expect(report.functions.map((outcome) => [outcome.function, outcome.success])).toEqual([['demo::brace_in_name_{', false], ['demo::ok', true]]);
    expect(report.verusVersion).toBe('0.2026.06.07.cd03505');
    expect(report.diagnostics.map((diagnostic) => diagnostic.kind)).toEqual(['progress-note']);
    expect(report.unparsedLineCount).toBe(1);
  });

  it('after a VIR error has no counts and no timings, so no summary', () => {
    const report = parseText(fixture('diag-output-json-vir-error.json'));
    expect(report.summary).toBeNull();
    expect(report.outputJson?.verificationResults).toMatchObject({ encounteredVirError: true, verified: null, errors: null, success: null });
    expect(report.functions).toEqual([]);
  });

  it('reads stdout and stderr separately: verdict on one, diagnostics on the other', () => {
    const report = parseVerifierOutput({ stdout: fixture('diag-output-json-times.json'), stderr: `${jsonDiagnostic('assertion failed', 4)}\n` });
    expect(report.summary).toEqual({ verified: 3, errors: 1 });
    expect(report.diagnostics.map((diagnostic) => diagnostic.kind)).toEqual(['assertion']);
  });
});

describe('parseVerifierOutput: JSON diagnostics', () => {
  it('unwraps cargo compiler-message lines and ignores artifacts, build notices and bookkeeping', () => {
    const report = parseText(fixture('diag-cargo-messages.jsonl'));
    expect(report.diagnostics.map((diagnostic) => [diagnostic.kind, diagnostic.severity, diagnostic.code, diagnostic.origin])).toEqual([
      ['postcondition', 'error', null, 'verus'],
      ['rustc-type', 'error', 'E0308', 'rustc'],
      ['rustc-lint', 'warning', 'unused_variables', 'rustc'],
    ]);
    const [postcondition, mismatch] = report.diagnostics;
    expect(postcondition?.primary).toMatchObject({ file: '/work/demo/src/lib.rs', line: 6, column: 9, columnEnd: 20, byteStart: 120, byteEnd: 131, label: 'failed this postcondition', sourceText: '        r >= x,' });
    expect(postcondition?.secondary.map((span) => [span.line, span.label])).toEqual([[9, 'at this exit']]);
    expect(mismatch?.notes).toEqual(['help: try comparing the values instead']);
    expect(report.unparsedLineCount).toBe(0);
  });

  it('keeps the --expand-errors tree, from a child note and from a top-level note', () => {
    const report = parseText(fixture('diag-expand-errors.jsonl'));
    expect(report.diagnostics.map((diagnostic) => diagnostic.kind)).toEqual(['assertion', 'postcondition', 'arithmetic-overflow']);
    expect(report.diagnostics[0]?.expansion).toBe('sorted(v@)\n|   forall |i, j| 0 <= i < j < v.len() ==> v[i] <= v[j] ✘\n+---');
    expect(report.diagnostics[0]?.notes).toEqual([]);
    expect(report.diagnostics[1]?.expansion).toBe('result > 0 ✘ [rlimit exceeded]');
    expect(report.diagnostics[2]?.expansion).toBeNull();
  });

  it('skips garbage lines, truncated JSON and wrong field types, and counts them', () => {
    const report = parseText(fixture('diag-garbage-lines.txt'));
    expect(report.diagnostics.map((diagnostic) => [diagnostic.kind, diagnostic.message])).toEqual([
      ['division-by-zero', 'possible division by zero'],
      ['rustc-type', 'span fields of the wrong type'],
      ['assertion', 'assertion failed'],
    ]);
    expect(report.diagnostics[1]).toMatchObject({ code: 'E0308', primary: null, secondary: [], notes: [] });
    expect(report.summary).toBeNull();
    expect(report.unparsedLineCount).toBe(8);
  });

  it('keeps the complete diagnostics of a stream cut off mid-object', () => {
    const report = parseText(fixture('diag-truncated.jsonl'));
    expect(report.diagnostics.map((diagnostic) => diagnostic.kind)).toEqual(['precondition', 'invariant-at-loop-exit']);
    expect(report.diagnostics[0]?.secondary[0]?.label).toBe('failed precondition');
    expect(report.unparsedLineCount).toBe(1);
  });

  it('classifies long-running, multiple-errors and rlimit diagnostics', () => {
    const report = parseText(fixture('diag-long-running.jsonl'));
    expect(report.diagnostics.map((diagnostic) => diagnostic.kind)).toEqual(['long-running-note', 'long-running-note', 'rlimit-exceeded', 'long-running-note', 'multiple-errors-note']);
  });

  it('prefers JSON over text, but still reports a panic printed as text', () => {
    const stderr = [jsonDiagnostic('assertion failed', 3), 'error: assertion failed', '  --> src/lib.rs:3:5', '', "thread 'main' panicked at rust_verify/src/main.rs:10:5:", 'index out of bounds', ''].join('\n');
    const report = parseVerifierOutput({ stdout: '', stderr });
    expect(report.diagnostics.map((diagnostic) => diagnostic.kind)).toEqual(['assertion', 'verus-panic']);
    expect(report.diagnostics[1]?.notes).toEqual(['index out of bounds']);
  });

  it('sets origin precheck on everything when asked', () => {
    const report = parseVerifierOutput({ stdout: '', stderr: fixture('diag-cargo-messages.jsonl') }, { origin: 'precheck' });
    expect(new Set(report.diagnostics.map((diagnostic) => diagnostic.origin))).toEqual(new Set(['precheck']));
  });
});

describe('parseVerifierOutput: human-rendered text', () => {
  it('strips ANSI colours and reads spans, labels and the summary', () => {
    const report = parseText(fixture('diag-ansi-colour.txt'));
    expect(report.summary).toEqual({ verified: 1, errors: 1 });
    expect(report.diagnostics).toHaveLength(1);
    expect(report.diagnostics[0]?.primary).toMatchObject({ file: 'src/main.rs', line: 5, column: 9, columnEnd: 14, byteStart: null, label: 'failed this postcondition' });
    expect(report.diagnostics[0]?.secondary).toMatchObject([{ line: 9, column: 5, columnEnd: 6, label: 'at the end of the function body' }]);
  });

  it('reports the solver-version error and its panic', () => {
    const report = parseText(fixture('diag-panic-solver-version.txt'));
    expect(report.diagnostics.map((diagnostic) => [diagnostic.kind, diagnostic.severity])).toEqual([
      ['solver-version', 'error'],
      ['solver-version', 'error'],
    ]);
    expect(report.diagnostics[1]?.message).toBe("thread '<unnamed>' panicked at air/src/smt_verify.rs:71:13:");
    expect(report.unparsedLineCount).toBe(0);
  });

  it('sums several summary lines (one per crate)', () => {
    const report = parseText('verification results:: 2 verified, 0 errors\nverification results:: 3 verified, 1 errors (partial verification with `--verify-*`)\n');
    expect(report.summary).toEqual({ verified: 5, errors: 1 });
  });

  it('returns an empty report for empty or diagnostic-free output', () => {
    expect(parseVerifierOutput({ stdout: '', stderr: '' })).toEqual({ diagnostics: [], summary: null, outputJson: null, functions: [], verusVersion: null, unparsedLineCount: 0 });
    expect(parseText('verification results:: 7 verified, 0 errors\n').diagnostics).toEqual([]);
  });
});

describe('parseVerifierOutput: bounds', () => {
  it('keeps at most the limit of diagnostics and says how many it dropped', () => {
    const count = OUTPUT_LIMITS.maxDiagnostics + 1500;
    const stream = Array.from({ length: count }, (_, index) => jsonDiagnostic('possible arithmetic underflow/overflow', index + 1)).join('\n');
    const report = parseText(stream);
    expect(report.diagnostics).toHaveLength(OUTPUT_LIMITS.maxDiagnostics + 1);
    expect(report.diagnostics.at(-1)).toMatchObject({ kind: 'output-truncated', severity: 'note', message: expect.stringContaining('1500 more diagnostics (1500 errors)') });
    expect(report.diagnostics.at(-2)?.primary?.line).toBe(OUTPUT_LIMITS.maxDiagnostics);
  });

  it('skips a line over 1 MiB without losing the lines around it', () => {
    const huge = `${jsonDiagnostic('assertion failed', 1).slice(0, -1)}, "padding": "${'x'.repeat(OUTPUT_LIMITS.maxLineLength)}"}`;
    const report = parseText([jsonDiagnostic('possible division by zero', 2), huge, jsonDiagnostic('precondition not satisfied', 3)].join('\n'));
    expect(report.diagnostics.map((diagnostic) => diagnostic.kind)).toEqual(['division-by-zero', 'precondition']);
    expect(report.unparsedLineCount).toBe(1);
  });

  it('stays linear on many unclosed `{` lines', () => {
    const report = parseText(`${'{\n'.repeat(20_000)}verification results:: 1 verified, 0 errors\n`);
    expect(report.summary).toEqual({ verified: 1, errors: 0 });
    expect(report.unparsedLineCount).toBe(20_000);
  });

  it('cuts an enormous message and marks the cut', () => {
    const report = parseText(jsonDiagnostic(`assertion failed${'!'.repeat(OUTPUT_LIMITS.maxTextLength * 2)}`, 1));
    expect(report.diagnostics[0]?.message.length).toBeLessThan(OUTPUT_LIMITS.maxTextLength + 20);
    expect(report.diagnostics[0]?.message.endsWith('[truncated]')).toBe(true);
  });
});
