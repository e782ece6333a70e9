import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizePath } from './output/normalize-path.js';
import { normalizeReport, serializeNormalizedReport } from './normalize-report.js';
import { normalizeText } from './output/normalize-text.js';
import { parseVerifierOutput } from './parse-verifier-output.js';
import { serializeCanonicalJson } from './output/serialize-canonical-json.js';

const fixture = (name: string): string => readFileSync(new URL(`../../test/fixtures/verus/${name}`, import.meta.url), 'utf8');

function diagnosticLine(file: string, line: number, message: string, label: string | null = null): string {
  const span = { file_name: file, byte_start: 1, byte_end: 2, line_start: line, line_end: line, column_start: 3, column_end: 4, is_primary: true, text: [], label };
  return JSON.stringify({ $message_type: 'diagnostic', message, code: null, level: 'error', spans: [span], children: [], rendered: '' });
}

describe('normalizePath', () => {
  it.each([
    ['/home/ci/work/demo/src/lib.rs', '/home/ci/work/demo', 'src/lib.rs'],
    ['/home/ci/work/demo/src/lib.rs', '/home/ci/work/demo/', 'src/lib.rs'],
    ['/home/ci/work/demo', '/home/ci/work/demo', '.'],
    ['/tmp/verus-repair-x81Ab/src/lib.rs', null, '<tmp>/src/lib.rs'],
    ['/tmp/.tmpQ1w2e3/lib.rs', '/home/ci/work/demo', '<tmp>/lib.rs'],
    ['/var/folders/nh/_8qdng_n3357qvdjjrx5mchw0000gn/T/tmpuyg1ywn2', null, '<tmp>'],
    ['/private/var/folders/nh/_8qd/T/tmpdir/src/main.rs', null, '<tmp>/src/main.rs'],
    ['C:\\Users\\ci\\AppData\\Local\\Temp\\tmp123\\src\\lib.rs', null, '<tmp>/src/lib.rs'],
    ['/Users/syc/Desktop/verus/vstd/pervasive.rs', null, '<vstd>/pervasive.rs'],
    ['/root/.rustup/toolchains/1.95.0-x86_64-unknown-linux-gnu/lib/rustlib/src/rust/library/core/src/option.rs', null, '<rust-src>/library/core/src/option.rs'],
    ['/home/me/.cargo/registry/src/index.crates.io-6f17d22bba15001f/vstd-0.0.0/src/seq.rs', null, '<cargo-registry>/index.crates.io-6f17d22bba15001f/vstd-0.0.0/src/seq.rs'],
    ['/opt/elsewhere/thing.rs', '/home/ci/work/demo', '<abs>/thing.rs'],
    ['./src/lib.rs', null, 'src/lib.rs'],
    ['src/lib.rs', '/home/ci/work/demo', 'src/lib.rs'],
  ])('%s (root %s) → %s', (file, root, expected) => {
    expect(normalizePath(file, root)).toBe(expected);
  });

  it('does not treat a sibling directory sharing the root as a prefix as inside it', () => {
    expect(normalizePath('/work/demo-other/src/lib.rs', '/work/demo')).toBe('<abs>/lib.rs');
  });
});

describe('normalizeText', () => {
  it('removes ANSI, the root, temp paths and names, and durations', () => {
    expect(normalizeText('\u001b[1mfunction body check has been running for 12 seconds\u001b[0m', null)).toBe('function body check has been running for <duration>');
    expect(normalizeText('consider adding a `main` function to `/var/folders/nh/_8q/T/tmpo39mhoga`', null)).toBe('consider adding a `main` function to `<tmp>`');
    expect(normalizeText('`main` function not found in crate `tmpo39mhoga`', null)).toBe('`main` function not found in crate `<tmp>`');
    expect(normalizeText('see /home/ci/demo/src/lib.rs:3', '/home/ci/demo')).toBe('see src/lib.rs:3');
    expect(normalizeText('finished in 1.5s', null)).toBe('finished in <duration>');
  });

  it('leaves ordinary identifiers and numbers alone', () => {
    expect(normalizeText('cannot find value `tmp_value` in this scope', null)).toBe('cannot find value `tmp_value` in this scope');
    expect(normalizeText('aborting due to 3 previous errors; expected 2 arguments', null)).toBe('aborting due to 3 previous errors; expected 2 arguments');
  });
});

describe('serializeCanonicalJson', () => {
  it('sorts keys at every level and drops undefined members', () => {
    expect(serializeCanonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined, x: null }], c: 'é' } })).toBe('{"a":{"c":"é","d":[2,{"x":null,"z":1}]},"b":1}');
    expect(serializeCanonicalJson([undefined, Number.NaN])).toBe('[null,null]');
  });
});

describe('normalizeReport', () => {
  it('gives the same string for the same failures printed on two machines in two orders', () => {
    const first = [diagnosticLine('/home/alice/demo/src/lib.rs', 9, 'assertion failed'), diagnosticLine('/home/alice/demo/src/lib.rs', 4, 'postcondition not satisfied', 'failed this postcondition')];
    const second = [diagnosticLine('/tmp/ci-run-42/src/lib.rs', 4, 'postcondition not satisfied', 'failed this postcondition'), diagnosticLine('/tmp/ci-run-42/src/lib.rs', 9, 'assertion failed')];
    const alice = normalizeReport(parseVerifierOutput({ stdout: '', stderr: first.join('\n') }), { root: '/home/alice/demo' });
    const ci = normalizeReport(parseVerifierOutput({ stdout: '', stderr: second.join('\n') }), { root: '/tmp/ci-run-42' });
    expect(serializeNormalizedReport(alice)).toBe(serializeNormalizedReport(ci));
    expect(alice.diagnostics.map((diagnostic) => [diagnostic.primary?.file, diagnostic.primary?.line])).toEqual([['src/lib.rs', 4], ['src/lib.rs', 9]]);
  });

  it('drops long-running notes, keeps verdicts and each function\'s time and rlimit use for classification and reports', () => {
    const report = parseVerifierOutput({ stdout: fixture('diag-output-json-times.json'), stderr: fixture('diag-long-running.jsonl') });
    const normalized = normalizeReport(report, { root: null });
    expect(normalized.diagnostics.map((diagnostic) => diagnostic.kind)).toEqual(['rlimit-exceeded', 'multiple-errors-note']);
    expect(normalized.functions.map((outcome) => [outcome.function, outcome.success, outcome.timeMs, outcome.rlimit])).toEqual([
      ['demo::lemma_sum', false, 170.004, 460000],
      ['demo::spec_sum', true, 10.158, 10000],
      ['demo::sum_to', true, 120.25, 400000],
      ['demo::inner::helper', true, 68.003, 120123],
    ]);
    expect(normalized.outputJson?.raw['times-ms']).toBeUndefined();
    expect(normalized.summary).toEqual({ verified: 3, errors: 1 });
  });

  it('serializes without times and rlimit use, so two runs of one proof compare equal', () => {
    const report = parseVerifierOutput({ stdout: fixture('diag-output-json-times.json'), stderr: '' });
    const slower = { ...report, functions: report.functions.map((outcome) => ({ ...outcome, timeMs: (outcome.timeMs ?? 0) * 3, rlimit: (outcome.rlimit ?? 0) + 7 })) };
    expect(serializeNormalizedReport(normalizeReport(slower, { root: null }))).toBe(serializeNormalizedReport(normalizeReport(report, { root: null })));
    expect(serializeNormalizedReport(normalizeReport(report, { root: null }))).not.toContain('460000');
  });

  it('distinguishes reports that differ in a verdict', () => {
    const failing = parseVerifierOutput({ stdout: '', stderr: diagnosticLine('src/lib.rs', 4, 'assertion failed') });
    const other = parseVerifierOutput({ stdout: '', stderr: diagnosticLine('src/lib.rs', 5, 'assertion failed') });
    expect(serializeNormalizedReport(normalizeReport(failing, { root: null }))).not.toBe(serializeNormalizedReport(normalizeReport(other, { root: null })));
  });

  it('is idempotent', () => {
    const report = parseVerifierOutput({ stdout: '', stderr: fixture('diag-expand-errors.jsonl') });
    const once = normalizeReport(report, { root: '/work' });
    expect(serializeNormalizedReport(normalizeReport(once, { root: '/work' }))).toBe(serializeNormalizedReport(once));
  });
});
