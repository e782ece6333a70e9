import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_KINDS } from '../core/diagnostic-kind.js';
import { normalizeReport, serializeNormalizedReport } from './normalize-report.js';
import { parseVerifierOutput } from './parse-verifier-output.js';
import type { VerifierReport } from './verifier-report.js';

/** Fragments of real output shapes, so that random text often lands inside the parser's states. */
const FRAGMENTS = [
  'error: ', 'error[E0308]: ', 'warning: ', 'note: ', 'help: ', 'note: diagnostics via expansion', 'note: ',
  '  --> ', ' ::: ', 'src/lib.rs:', '12:', '5', '   |', '12 |     ', '^^^^', '----', ' _____^', '| |___^ ', '|_', '/ ', '...',
  '= note: ', '= help: ', 'verification results:: 3 verified, 1 errors', "thread 'main' panicked at a.rs:1:2:",
  '{', '}', '[', ']', '"', '\\', '{"$message_type":"diagnostic","message":"x","level":"error","spans":[', '{"reason":"compiler-message","message":',
  '"verification-results":{', '"times-ms":{"smt":{"smt-run-module-times":[{"function-breakdown":[{"function":"f","mode:":"Exec","success":true}]}]}}',
  '\u001b[1m', '\u001b[0m', '\r', '\n', '\n\n', '\t', '✘', '✔', '\u0000', '\uFFFD', '\uD800',
];

const outputText = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 80 }).map((parts) => parts.join('')),
  fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 })), { maxLength: 120 }).map((parts) => parts.join('')),
);

function expectWellFormed(report: VerifierReport): void {
  expect(report.unparsedLineCount).toBeGreaterThanOrEqual(0);
  for (const diagnostic of report.diagnostics) {
    expect(DIAGNOSTIC_KINDS).toContain(diagnostic.kind);
    for (const span of [diagnostic.primary, ...diagnostic.secondary]) {
      if (span === null) continue;
      expect(span.line).toBeGreaterThanOrEqual(1);
      expect(span.column).toBeGreaterThanOrEqual(1);
      expect(span.lineEnd).toBeGreaterThanOrEqual(span.line);
    }
  }
}

describe('parseVerifierOutput on random text', () => {
  it('never throws, and returns well-formed reports that normalize and serialize', () => {
    fc.assert(
      fc.property(outputText, outputText, (stdout, stderr) => {
        const report = parseVerifierOutput({ stdout, stderr });
        expectWellFormed(report);
        const normalized = normalizeReport(report, { root: '/work/demo' });
        expect(() => JSON.parse(serializeNormalizedReport(normalized)) as unknown).not.toThrow();
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same report for the same text (parsing is a pure function)', () => {
    fc.assert(
      fc.property(outputText, (text) => {
        const once = serializeNormalizedReport(parseVerifierOutput({ stdout: text, stderr: '' }));
        expect(serializeNormalizedReport(parseVerifierOutput({ stdout: text, stderr: '' }))).toBe(once);
      }),
      { numRuns: 100 },
    );
  });
});
