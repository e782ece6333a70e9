import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { isolateScratchPackage } from './isolate-scratch-package.js';
import { writeScratchCrate } from './write-scratch-crate.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('writeScratchCrate', () => {
  it('keeps a relative path dependency naming the user\'s sibling crate, so cargo resolves the copy', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'write-scratch-crate-'));
    const helper = path.join(root, 'workspace', 'helper');
    const crate = path.join(root, 'workspace', 'app');
    await mkdir(path.join(helper, 'src'), { recursive: true });
    await writeFile(path.join(helper, 'Cargo.toml'), '[package]\nname = "helper"\nversion = "0.1.0"\nedition = "2021"\n');
    await writeFile(path.join(helper, 'src', 'lib.rs'), 'pub fn one() -> u32 { 1 }\n');
    const files = new Map([
      ['Cargo.toml', utf8('[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nhelper = { path = "../helper" }\n')],
      ['src/lib.rs', utf8('pub fn two() -> u32 { helper::one() + 1 }\n')],
    ]);
    const scratch = path.join(root, 'elsewhere', 'copy');
    await mkdir(scratch, { recursive: true });

    await writeScratchCrate(files, crate, scratch);

    const manifest = await readFile(path.join(scratch, 'Cargo.toml'), 'utf8');
    expect(manifest).toContain(`path = "${helper}"`);
    expect(manifest).not.toContain('"../helper"');
    // cargo itself finds the dependency from the copy (no network: a path dependency only).
    const metadata = JSON.parse(execFileSync('cargo', ['metadata', '--offline', '--format-version', '1', '--manifest-path', path.join(scratch, 'Cargo.toml')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { packages: Array<{ name: string }> };
    expect(metadata.packages.map((pkg) => pkg.name).sort()).toEqual(expect.arrayContaining(['helper']));
  });

  it('leaves a manifest without path dependencies byte for byte as isolated', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'write-scratch-crate-'));
    const files = new Map([['Cargo.toml', utf8('[package]\nname = "solo"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = "1"\n')], ['src/lib.rs', utf8('')]]);
    await writeScratchCrate(files, path.join(root, 'solo'), root);
    expect(await readFile(path.join(root, 'Cargo.toml'))).toEqual(Buffer.from(isolateScratchPackage(files).get('Cargo.toml')!));
  });
});

describe('writeScratchCrate for a workspace member that inherits from its workspace', () => {
  /** A workspace written here: the member `app` takes its version, edition, lints and `helper` (a path dependency with a feature, plus one of its own) from the root. */
  async function writeWorkspace(root: string): Promise<{ app: string; files: Map<string, Uint8Array> }> {
    const workspace = path.join(root, 'workspace');
    await mkdir(path.join(workspace, 'crates', 'helper', 'src'), { recursive: true });
    await mkdir(path.join(workspace, 'crates', 'app', 'src'), { recursive: true });
    await writeFile(path.join(workspace, 'Cargo.toml'), [
      '[workspace]', 'resolver = "2"', 'members = ["crates/app", "crates/helper"]', '',
      '[workspace.package]', 'version = "0.7.3"', 'edition = "2021"', 'license-file = "LICENSE"', '',
      '[workspace.dependencies]', 'helper = { path = "crates/helper", features = ["from-workspace"] }', '',
      '[workspace.lints.rust]', 'unsafe_code = "forbid"', '',
      '[profile.dev]', 'overflow-checks = false', '',
    ].join('\n'));
    await writeFile(path.join(workspace, 'crates', 'helper', 'Cargo.toml'), '[package]\nname = "helper"\nversion.workspace = true\nedition.workspace = true\n\n[features]\nfrom-workspace = []\nfrom-member = []\n');
    await writeFile(path.join(workspace, 'crates', 'helper', 'src', 'lib.rs'), '#[cfg(feature = "from-workspace")]\npub fn one() -> u32 { 1 }\n#[cfg(feature = "from-member")]\npub fn two() -> u32 { 2 }\n');
    const app = path.join(workspace, 'crates', 'app');
    const files = new Map([
      ['Cargo.toml', utf8('[package]\nname = "app"\nversion.workspace = true\nedition.workspace = true\nlicense-file.workspace = true\n\n[dependencies]\nhelper = { workspace = true, features = ["from-member"] }\n\n[lints]\nworkspace = true\n')],
      // `overflow-checks = false` is the root's profile: 255 + 1 wraps instead of panicking in the test.
      ['src/lib.rs', utf8('pub fn three() -> u32 { helper::one() + helper::two() }\n\n#[test]\nfn wraps() { let x: u8 = std::hint::black_box(255); assert_eq!(x + 1, 0); assert_eq!(three(), 3); }\n')],
    ]);
    for (const [file, bytes] of files) await writeFile(path.join(app, file), bytes);
    return { app, files };
  }

  it('builds and tests with real cargo from the copy, with the workspace\'s version, features, lints and profile', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'write-scratch-crate-workspace-'));
    const { app, files } = await writeWorkspace(root);
    const scratch = path.join(root, 'elsewhere', 'copy');
    await mkdir(scratch, { recursive: true });

    await writeScratchCrate(files, app, scratch);

    const cargo = (args: string[]) => execFileSync('cargo', [...args, '--offline', '--manifest-path', path.join(scratch, 'Cargo.toml')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CARGO_TARGET_DIR: path.join(root, 'target') } });
    cargo(['test']);
    const metadata = JSON.parse(cargo(['metadata', '--format-version', '1', '--no-deps'])) as { packages: Array<{ name: string; version: string; edition: string; license_file: string | null }> };
    expect(metadata.packages).toEqual([expect.objectContaining({ version: '0.7.3', edition: '2021', license_file: path.join(root, 'workspace', 'LICENSE') })]);
    const manifest = await readFile(path.join(scratch, 'Cargo.toml'), 'utf8');
    expect(manifest).toContain('unsafe_code = "forbid"');
    expect(manifest).not.toMatch(/workspace\s*=\s*true/);
  }, 120_000);

  it('refuses a key the workspace does not define, naming the member\'s manifest and the key, and writes no manifest', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'write-scratch-crate-workspace-'));
    const { app, files } = await writeWorkspace(root);
    files.set('Cargo.toml', utf8('[package]\nname = "app"\nversion.workspace = true\nedition.workspace = true\nrepository.workspace = true\n'));
    const scratch = path.join(root, 'copy');
    await mkdir(scratch);

    await expect(writeScratchCrate(files, app, scratch)).rejects.toThrow(`${path.join(app, 'Cargo.toml')}: cannot resolve \`package.repository.workspace\` for a copy of the crate outside its workspace: ${path.join(root, 'workspace', 'Cargo.toml')} has no \`workspace.package.repository\``);
    await expect(readFile(path.join(scratch, 'Cargo.toml'))).rejects.toThrow();
  });
});
