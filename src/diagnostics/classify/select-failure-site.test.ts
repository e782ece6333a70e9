import { describe, expect, it } from 'vitest';
import type { Diagnostic, DiagnosticSpan } from '../../core/diagnostic.js';
import { mapToIr } from '../map-to-ir.js';
import { parseVerifierOutput } from '../parse-verifier-output.js';
import { selectFailedPrecondition, selectFailureSite } from './select-failure-site.js';

function span(line: number, label: string | null): DiagnosticSpan {
  return { file: 'src/lib.rs', line, column: 1, lineEnd: line, columnEnd: 2, byteStart: null, byteEnd: null, label, sourceText: null };
}

function diagnostic(primary: DiagnosticSpan | null, secondary: DiagnosticSpan[]): Diagnostic {
  return { kind: 'postcondition', message: 'postcondition not satisfied', severity: 'error', code: null, origin: 'verus', primary, secondary, notes: [], expansion: null, function: null, location: null };
}

describe('selectFailureSite', () => {
  it('prefers `at this exit` over the failed postcondition', () => {
    expect(selectFailureSite(diagnostic(span(4, 'failed this postcondition'), [span(9, 'at this exit')]))?.line).toBe(9);
  });

  it('takes the failed postcondition when the exit is the end of the body', () => {
    expect(selectFailureSite(diagnostic(span(20, 'at the end of the function body'), [span(4, 'failed this postcondition')]))?.line).toBe(4);
  });

  it('follows the harness order: exit, call-site, might-not-be-allowed call-site, postcondition', () => {
    const spans = [span(1, 'failed this postcondition'), span(2, 'might not be allowed at this call-site'), span(3, 'at this call-site')];
    expect(selectFailureSite(diagnostic(null, spans))?.line).toBe(3);
    expect(selectFailureSite(diagnostic(null, spans.slice(0, 2)))?.line).toBe(2);
  });

  it('never picks the callee clause of a precondition failure', () => {
    const failed = diagnostic(span(12, null), [span(3, 'failed precondition')]);
    expect(selectFailureSite(failed)?.line).toBe(12);
    expect(selectFailedPrecondition(failed)?.line).toBe(3);
    expect(selectFailureSite(diagnostic(null, [span(3, 'failed precondition')]))).toBeNull();
    expect(selectFailureSite(diagnostic(null, []))).toBeNull();
  });

  it('finds the call site and the failed clause in real output (006.txt)', () => {
    const text = [
      'error: precondition not satisfied',
      '   --> src/Chap47/VecChainedHashTableStEph.rs:209:30',
      '    |',
      '209 |                     let eq = feq(&bucket[scan_i].0, &key);',
      '    |                              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
      '    |',
      '   ::: src/vstdplus/feq.rs:289:18',
      '    |',
      '289 |         requires obeys_feq_full::<T>()',
      '    |                  --------------------- failed precondition',
      '',
    ].join('\n');
    const [failure] = parseVerifierOutput({ stdout: '', stderr: text }).diagnostics;
    expect(failure === undefined ? null : selectFailureSite(failure)).toMatchObject({ file: 'src/Chap47/VecChainedHashTableStEph.rs', line: 209, column: 30, columnEnd: 58 });
    expect(failure === undefined ? null : selectFailedPrecondition(failure)).toMatchObject({ file: 'src/vstdplus/feq.rs', line: 289, column: 18, columnEnd: 39 });
  });
});

describe('mapToIr', () => {
  it('asks the lookup about the failure site first and records what it finds', () => {
    const asked: number[] = [];
    const mapped = mapToIr(diagnostic(span(4, 'failed this postcondition'), [span(9, 'at this exit')]), (site) => {
      asked.push(site.line);
      return site.line === 9 ? { function: 'demo::f', loopId: null, clause: null } : null;
    });
    expect(asked).toEqual([9]);
    expect(mapped.function).toBe('demo::f');
    expect(mapped.location).toEqual({ function: 'demo::f', loopId: null, clause: null });
  });

  it('falls back to the primary span and leaves nulls when nothing matches', () => {
    const original = diagnostic(span(4, 'failed this postcondition'), [span(9, 'at this exit')]);
    const asked: number[] = [];
    const mapped = mapToIr(original, (site) => {
      asked.push(site.line);
      return null;
    });
    expect(asked).toEqual([9, 4]);
    expect(mapped).toEqual(original);
    expect(mapped).not.toBe(original);
  });
});
