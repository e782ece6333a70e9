import { describe, expect, it } from 'vitest';
import { checkSnapshotPath } from './check-snapshot-path.js';
import { decodeSnapshot } from './decode-snapshot.js';
import { encodeSnapshot, hashSnapshotFiles, type SnapshotFile } from './verification-snapshot.js';

function stored(files: SnapshotFile[]): { text: string; hash: string } {
  const hash = hashSnapshotFiles(files);
  return { text: encodeSnapshot({ hash, files }), hash };
}

describe('snapshot file names and decoding (untrusted input)', () => {
  it('accepts plain relative names only', () => {
    expect(checkSnapshotPath('src/lib.rs')).toBeNull();
    expect(checkSnapshotPath('Cargo.toml')).toBeNull();
    expect(checkSnapshotPath('/etc/passwd')).toMatch(/absolute path/);
    expect(checkSnapshotPath('C:/x.rs')).toMatch(/absolute path/);
    expect(checkSnapshotPath('src/../../x.rs')).toMatch(/climbs out with \.\./);
    expect(checkSnapshotPath('src//lib.rs')).toMatch(/empty or \. segment/);
    expect(checkSnapshotPath('./lib.rs')).toMatch(/empty or \. segment/);
    expect(checkSnapshotPath('src\\lib.rs')).toMatch(/backslash/);
    expect(checkSnapshotPath('src/li\u0000b.rs')).toMatch(/control character/);
    expect(checkSnapshotPath('')).toMatch(/length/);
  });

  it('round-trips a snapshot and refuses one whose bytes do not match its hash', () => {
    const files = [{ path: 'Cargo.toml', bytes: Buffer.from('[package]\n') }, { path: 'src/lib.rs', bytes: Buffer.from([0xff, 0x00, 0x41]) }];
    const { text, hash } = stored(files);
    expect(decodeSnapshot(text, hash).files).toEqual(files);
    expect(() => decodeSnapshot(text, 'f'.repeat(64))).toThrow(/does not match its hash/);
  });

  it('refuses duplicates, a name that is both file and directory, bad names, bad JSON and unknown fields', () => {
    const twice = stored([{ path: 'a.rs', bytes: Buffer.from('1') }, { path: 'a.rs', bytes: Buffer.from('2') }]);
    expect(() => decodeSnapshot(twice.text, twice.hash)).toThrow(/lists "a.rs" twice/);
    const shadow = stored([{ path: 'src', bytes: Buffer.from('1') }, { path: 'src/lib.rs', bytes: Buffer.from('2') }]);
    expect(() => decodeSnapshot(shadow.text, shadow.hash)).toThrow(/"src" is both a file and a directory/);
    const escaping = stored([{ path: '../x.rs', bytes: Buffer.from('1') }]);
    expect(() => decodeSnapshot(escaping.text, escaping.hash)).toThrow(/climbs out/);
    expect(() => decodeSnapshot('{not json', 'a'.repeat(64))).toThrow(/is not JSON/);
    expect(() => decodeSnapshot(JSON.stringify({ format: 'verus-repair-snapshot/1', files: [{ path: 'a.rs', content: 'QQ==', mode: 511 }] }), 'a'.repeat(64))).toThrow(/is malformed at files\.0/);
  });
});
