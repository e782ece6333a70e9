import { describe, expect, it } from 'vitest';
import { parseExecType } from './parse-exec-type.js';

describe('parseExecType', () => {
  it('reads references, slices, vectors, options and tuples', () => {
    expect(parseExecType('&Vec<u64>')).toEqual({ ok: true, passing: 'shared', type: { kind: 'vec', element: { kind: 'int', name: 'u64' } } });
    expect(parseExecType("&'a mut [i8]")).toEqual({ ok: true, passing: 'mutable', type: { kind: 'vec', element: { kind: 'int', name: 'i8' } } });
    expect(parseExecType('Option<(u8, bool)>')).toEqual({ ok: true, passing: 'value', type: { kind: 'option', inner: { kind: 'tuple', elements: [{ kind: 'int', name: 'u8' }, { kind: 'bool' }] } } });
  });

  it('reads chars, strings (a &str as a reference to a String) and fixed arrays', () => {
    expect(parseExecType('&str')).toEqual({ ok: true, passing: 'shared', type: { kind: 'string' } });
    expect(parseExecType("&'static str")).toEqual({ ok: true, passing: 'shared', type: { kind: 'string' } });
    expect(parseExecType('Vec<char>')).toEqual({ ok: true, passing: 'value', type: { kind: 'vec', element: { kind: 'char' } } });
    expect(parseExecType('&[char]')).toEqual({ ok: true, passing: 'shared', type: { kind: 'vec', element: { kind: 'char' } } });
    expect(parseExecType('[u32; 2]')).toEqual({ ok: true, passing: 'value', type: { kind: 'array', element: { kind: 'int', name: 'u32' }, length: 2 } });
    expect(parseExecType('&mut [i8; 3]')).toEqual({ ok: true, passing: 'mutable', type: { kind: 'array', element: { kind: 'int', name: 'i8' }, length: 3 } });
  });

  it('refuses types it has no generator for, saying which', () => {
    expect(parseExecType('HashMap<u8, u8>')).toMatchObject({ ok: false, reason: expect.stringContaining('type HashMap<u8, u8> has no generator') });
    expect(parseExecType('str')).toMatchObject({ ok: false });
    expect(parseExecType('[u8; N]')).toMatchObject({ ok: false });
    expect(parseExecType('Ghost<int>')).toMatchObject({ ok: false });
    expect(parseExecType('Vec<Point>')).toMatchObject({ ok: false });
  });
});
