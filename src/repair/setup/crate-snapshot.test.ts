import { describe, expect, it } from 'vitest';
import { withFile } from './crate-snapshot.js';

const BOM = [0xef, 0xbb, 0xbf];
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('withFile', () => {
  it('keeps the original file\'s UTF-8 byte order mark when the new text has none (a whole-file candidate)', () => {
    const files = new Map([['src/lib.rs', new Uint8Array([...BOM, ...bytes('verus! {}\n')])]]);
    expect([...(withFile(files, 'src/lib.rs', 'verus! { fn f() {} }\n').get('src/lib.rs') ?? [])]).toEqual([...BOM, ...bytes('verus! { fn f() {} }\n')]);
    expect([...(withFile(files, 'src/lib.rs', '\uFEFFverus! {}\n').get('src/lib.rs') ?? [])]).toEqual([...BOM, ...bytes('verus! {}\n')]);
  });

  it('adds no byte order mark the original did not have', () => {
    const files = new Map([['src/lib.rs', bytes('verus! {}\n')]]);
    expect(withFile(files, 'src/lib.rs', 'verus! { }\n').get('src/lib.rs')).toEqual(bytes('verus! { }\n'));
  });
});
