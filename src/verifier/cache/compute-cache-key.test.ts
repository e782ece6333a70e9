import { cpSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryCrate, VERIFYING_LIB_RS } from '../../../test/fakes/temporary-crate.js';
import type { VerificationOptions } from '../../core/verifier.js';
import { computeCacheKey, type VerdictSettings } from './compute-cache-key.js';
import { listVerificationInputs } from './list-verification-inputs.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 1000, extraVerusArgs: [] };
const created: string[] = [];
afterAll(() => created.forEach((directory) => rmSync(directory, { recursive: true, force: true })));

function crate(files: Record<string, string> = {}): string {
  const directory = createTemporaryCrate(files);
  created.push(directory);
  return directory;
}

async function keyOf(crateDir: string, overrides: Partial<VerdictSettings> = {}): Promise<string> {
  const settings: VerdictSettings = { target: { kind: 'crate', crateDir }, options, toolchain: 'docker;image=x;pin=y', precheck: { enabled: true, test: true }, ...overrides };
  return computeCacheKey(await listVerificationInputs(settings.target), settings);
}

describe('listVerificationInputs', () => {
  it('lists src/** and the crate root files in byte order, nothing else', async () => {
    const directory = crate({ 'build.rs': 'fn main() {}', 'src/b.rs': '', 'src/a/z.rs': '', 'src/B.rs': '', 'target/x': '', 'README.md': '', 'tests/t.rs': '' });
    expect((await listVerificationInputs({ kind: 'crate', crateDir: directory })).files).toEqual(['Cargo.toml', 'build.rs', 'src/B.rs', 'src/a/z.rs', 'src/b.rs', 'src/lib.rs']);
  });

  it('follows mod declarations from a single file, like rustc', async () => {
    const directory = createTemporaryDirectory('file');
    created.push(directory);
    mkdirSync(path.join(directory, 'util'));
    writeFileSync(path.join(directory, 'main.rs'), 'mod util;\n// mod commented_out;\npub mod inline { }\n');
    writeFileSync(path.join(directory, 'util', 'mod.rs'), 'mod deep;\n');
    writeFileSync(path.join(directory, 'util', 'deep.rs'), '');
    writeFileSync(path.join(directory, 'unrelated.rs'), '');
    expect((await listVerificationInputs({ kind: 'file', filePath: path.join(directory, 'main.rs') })).files).toEqual(['main.rs', 'util/deep.rs', 'util/mod.rs']);
  });

  it('refuses a directory that is not a crate with an InputError naming it', async () => {
    const directory = createTemporaryDirectory('empty');
    created.push(directory);
    await expect(listVerificationInputs({ kind: 'crate', crateDir: directory })).rejects.toThrow(`${directory}:1:1: no Cargo.toml here`);
  });
});

describe('computeCacheKey', () => {
  it('is the same for an identical candidate in another directory', async () => {
    const first = crate();
    const second = createTemporaryDirectory('copy');
    created.push(second);
    cpSync(first, second, { recursive: true });
    expect(await keyOf(second)).toBe(await keyOf(first));
  });

  it('changes with one byte of source, the toolchain, the arguments or the pre-check policy', async () => {
    const directory = crate();
    const base = await keyOf(directory);
    const keys = [
      await keyOf(crate({ 'src/lib.rs': `${VERIFYING_LIB_RS} ` })),
      await keyOf(directory, { toolchain: 'docker;image=x;pin=z' }),
      await keyOf(directory, { options: { ...options, rlimit: 11 } }),
      await keyOf(directory, { options: { ...options, noCheating: true } }),
      await keyOf(directory, { target: { kind: 'function', crateDir: directory, module: null, function: 'add_one' } }),
      await keyOf(directory, { precheck: { enabled: false, test: true } }),
    ];
    expect(new Set([base, ...keys]).size).toBe(keys.length + 1);
  });

  it('ignores the timeout and files that are not inputs', async () => {
    const directory = crate();
    const base = await keyOf(directory);
    writeFileSync(path.join(directory, 'NOTES.md'), 'scratch');
    expect(await keyOf(directory, { options: { ...options, timeoutMs: 99_000 } })).toBe(base);
  });
});

describe('computeCacheKey and the verification scope', () => {
  it('keys a whole crate, one module and one function of the same sources apart, and ignores the scope policy', async () => {
    const directory = crate();
    const keys = [
      await keyOf(directory),
      await keyOf(directory, { target: { kind: 'module', crateDir: directory, module: 'lemmas' } }),
      await keyOf(directory, { target: { kind: 'module', crateDir: directory, module: null } }),
      await keyOf(directory, { target: { kind: 'function', crateDir: directory, module: 'lemmas', function: 'double' } }),
    ];
    expect(new Set(keys).size).toBe(4);
    // The policy decides which targets run, not what one target's run answers.
    expect(await keyOf(directory, { options: { ...options, scope: 'crate' } })).toBe(keys[0]);
  });
});
