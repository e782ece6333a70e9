import { writeFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

/** One file of a test zip; `deflate` compresses it (method 8), otherwise it is stored (method 0). */
export interface ZipFile {
  name: string;
  content: string | Buffer;
  deflate?: boolean;
}

/**
 * Writes a real zip archive (PKWARE APPNOTE layout: local headers, central directory, end record)
 * so tests need no `zip` program. Synthetic: built for tests, not a Verus release.
 */
export function buildZip(path: string, files: readonly ZipFile[]): void {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8');
    const stored = file.deflate === true ? deflateRawSync(data) : data;
    const name = Buffer.from(file.name, 'utf8');
    const entry = { method: file.deflate === true ? 8 : 0, checksum: crc32(data), storedLength: stored.length, length: data.length, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, entry);
    locals.push(local, name, stored);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4);
    writeEntryFields(central, 6, entry);
    central.writeUInt32LE((file.name.endsWith('/') ? 0o40755 : 0o100755) * 0x10000, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(path, Buffer.concat([...locals, directory, end]));
}

/**
 * The fields a local header and its central directory entry share, in the same order from
 * `version needed` on (offset 4 and 6): version, UTF-8 flag, method, time/date left 0, crc-32,
 * sizes and the name's length.
 */
function writeEntryFields(header: Buffer, at: number, entry: { method: number; checksum: number; storedLength: number; length: number; nameLength: number }): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x0800, at + 2);
  header.writeUInt16LE(entry.method, at + 4);
  header.writeUInt32LE(entry.checksum, at + 10);
  header.writeUInt32LE(entry.storedLength, at + 14);
  header.writeUInt32LE(entry.length, at + 18);
  header.writeUInt16LE(entry.nameLength, at + 22);
}

/** The files of a Verus release zip as verus-facts.md describes it, with version.json for `release`. */
export function verusReleaseFiles(release: string, rustToolchain = '1.95.0'): ZipFile[] {
  const versionJson = JSON.stringify({ verus: { profile: 'release', version: release, platform: { os: 'linux', arch: 'x86_64' }, toolchain: `${rustToolchain}-x86_64-unknown-linux-gnu`, commit: 'f'.repeat(40) } });
  return [
    { name: 'verus-x86-linux/', content: '' },
    { name: 'verus-x86-linux/verus', content: '#!/bin/sh\necho fake verus launcher\n' },
    { name: 'verus-x86-linux/rust_verify', content: 'fake rust_verify', deflate: true },
    { name: 'verus-x86-linux/version.json', content: versionJson, deflate: true },
    { name: 'verus-x86-linux/version.txt', content: `${release}\n` },
  ];
}
