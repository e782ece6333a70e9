import { describe, expect, it } from 'vitest';
import { parseExecType } from './parse-exec-type.js';

describe('parseExecType', () => {
  it('reads references, slices, vectors, options and tuples', () => {
    expect(parseExecType('&Vec<u64>')).toEqual({ ok: true, passing: 'shared', type: { kind: 'vec', element: { kind: 'int', name: 'u64' } } });
    expect(parseExecType("&'a mut [i8]")).toEqual({ ok: true, passing: 'mutable', type: { kind: 'vec', element: { kind: 'int', name: 'i8' } } });
    expect(parseExecType('Option<(u8, bool)>')).toEqual({ ok: true, passing: 'value', type: { kind: 'option', inner: { kind: 'tuple', elements: [{ kind: 'int', name: 'u8' }, { kind: 'bool' }] } } });
  });

  it('refuses types it has no generator for, saying which', () => {
    expect(parseExecType('String')).toMatchObject({ ok: false, reason: expect.stringContaining('type String has no generator') });
    expect(parseExecType('Ghost<int>')).toMatchObject({ ok: false });
    expect(parseExecType('Vec<Point>')).toMatchObject({ ok: false });
  });
});
