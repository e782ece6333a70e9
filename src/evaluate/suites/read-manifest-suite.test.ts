import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readManifestSuite } from './read-manifest-suite.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

function suiteDir(): string {
  const directory = createTemporaryDirectory('manifest');
  mkdirSync(path.join(directory, 'crate', 'src'), { recursive: true });
  writeFileSync(path.join(directory, 'crate', 'src', 'lib.rs'), 'verus! { fn f() {} }\n');
  writeFileSync(path.join(directory, 'one.rs'), 'verus! { fn g() {} }\n');
  return directory;
}

describe('readManifestSuite', () => {
  it('reads TOML and JSONL tasks, crate and single-file, with paths relative to the manifest', async () => {
    const directory = suiteDir();
    writeFileSync(path.join(directory, 'suite.toml'), '[[task]]\nid = "a"\ncrate = "crate"\ndefect_class = "missing-decreases"\n');
    writeFileSync(path.join(directory, 'suite.jsonl'), '{"id":"b","single_file":"one.rs","functions":["g"]}\n\n');
    const [a] = await readManifestSuite(path.join(directory, 'suite.toml'));
    expect(a).toMatchObject({ id: 'a', crateDir: path.join(directory, 'crate'), file: 'src/lib.rs', brokenSource: 'verus! { fn f() {} }\n', defectClass: 'missing-decreases' });
    const [b] = await readManifestSuite(path.join(directory, 'suite.jsonl'));
    expect(b).toMatchObject({ id: 'b', crateDir: null, file: 'src/lib.rs', functions: ['g'], brokenSource: 'verus! { fn g() {} }\n' });
  });

  it('names the manifest, the task and the key of every problem at once', async () => {
    const directory = suiteDir();
    const manifest = path.join(directory, 'suite.toml');
    writeFileSync(manifest, '[[task]]\nid = "a"\ncrate = "crate"\ncolour = "red"\n\n[[task]]\nid = "b"\nsingle_file = "missing.rs"\n\n[[task]]\nid = "c"\n');
    const error = await readManifestSuite(manifest).catch((caught: Error) => caught);
    expect(error).toMatchObject({ name: 'ConfigurationError' });
    const message = (error as Error).message;
    expect(message).toContain(`${manifest}: task 1: `);
    expect(message).toContain('colour');
    expect(message).toContain(`${manifest}: task 2: single_file = "missing.rs" cannot be read`);
    expect(message).toContain(`${manifest}: task 3: `);
    expect(message).toContain('exactly one of crate or single_file');
  });

  it('refuses duplicate ids and a JSONL line that is not JSON, with its line number', async () => {
    const directory = suiteDir();
    writeFileSync(path.join(directory, 'dup.jsonl'), '{"id":"a","single_file":"one.rs"}\n{"id":"a","single_file":"one.rs"}\n');
    await expect(readManifestSuite(path.join(directory, 'dup.jsonl'))).rejects.toThrow('task id "a" appears twice');
    writeFileSync(path.join(directory, 'bad.jsonl'), '{"id":"a","single_file":"one.rs"}\n{oops\n');
    await expect(readManifestSuite(path.join(directory, 'bad.jsonl'))).rejects.toThrow(`${path.join(directory, 'bad.jsonl')}:2: not JSON`);
  });
});
