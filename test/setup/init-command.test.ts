import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup } from '../fakes/fake-environment.js';
import { runCli } from '../fakes/run-cli.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { PACKAGED_PIN_FILE } from '../../src/verifier/toolchain/packaged-paths.js';

afterAll(removeTemporaryDirectories);

const environment = createFakeSetup('run-never-called').environment;
const MANIFEST = '[package]\nname = "search"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nvstd = "=0.0.0-2026-05-31-0205"\n\n[package.metadata.verus]\nverify = true\n';

function repositoryWithCrate(manifest = MANIFEST, options: { git?: boolean } = {}): { repo: string; crate: string } {
  const repo = createTemporaryDirectory('init');
  if (options.git !== false) mkdirSync(path.join(repo, '.git'));
  const crate = path.join(repo, 'crates', 'search');
  mkdirSync(path.join(crate, 'src'), { recursive: true });
  writeFileSync(path.join(crate, 'Cargo.toml'), manifest);
  writeFileSync(path.join(crate, 'src', 'lib.rs'), 'use vstd::prelude::*;\nverus! {}\n');
  return { repo, crate };
}

describe('verus-repair init', () => {
  it('writes the config, the pin and the .gitignore line at the repository root, and is idempotent', async () => {
    const { repo, crate } = repositoryWithCrate();
    writeFileSync(path.join(repo, '.gitignore'), 'target/');
    const first = await runCli(['init', 'crates/search'], environment, repo);
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toMatch(/created +verus-repair\.toml/);
    expect(first.stdout).toMatch(/created +verus-toolchain\/pin\.toml: the package default/);
    expect(first.stdout).toMatch(/added +\.gitignore: \.verus-repair\//);
    expect(first.stdout).toMatch(/ok +crates\/search\/Cargo\.toml: vstd and \[package\.metadata\.verus\] match the pin/);
    expect(readFileSync(path.join(repo, 'verus-toolchain', 'pin.toml'), 'utf8')).toBe(readFileSync(PACKAGED_PIN_FILE, 'utf8'));
    expect(readFileSync(path.join(repo, '.gitignore'), 'utf8')).toBe('target/\n.verus-repair/\n');
    expect(readFileSync(path.join(repo, 'verus-repair.toml'), 'utf8')).toMatch(/^\[model\]$/m);
    const shown = await runCli(['toolchain', 'show', '--json'], environment, crate);
    expect(JSON.parse(shown.stdout)).toMatchObject({ source: 'repository', file: path.join(repo, 'verus-toolchain', 'pin.toml') });

    const files = ['verus-repair.toml', '.gitignore', 'verus-toolchain/pin.toml', 'crates/search/Cargo.toml'].map((file) => readFileSync(path.join(repo, file), 'utf8'));
    const second = await runCli(['init'], environment, crate);
    expect(second.exitCode).toBe(0);
    expect(second.stdout).toMatch(/left alone +verus-repair\.toml: it exists/);
    expect(second.stdout).toMatch(/left alone +verus-toolchain\/pin\.toml: it exists/);
    expect(second.stdout).toMatch(/left alone +\.gitignore: already ignores \.verus-repair\//);
    expect(['verus-repair.toml', '.gitignore', 'verus-toolchain/pin.toml', 'crates/search/Cargo.toml'].map((file) => readFileSync(path.join(repo, file), 'utf8'))).toEqual(files);
  });

  it('leaves an existing verus-repair.toml alone and says so', async () => {
    const { repo } = repositoryWithCrate();
    writeFileSync(path.join(repo, 'verus-repair.toml'), '[model]\nname = "ours"\n');
    const result = await runCli(['init', 'crates/search', '--json'], environment, repo);
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as { steps: Array<{ path: string; status: string; detail: string }> };
    expect(report.steps).toContainEqual({ path: 'verus-repair.toml', status: 'left-alone', detail: 'it exists' });
    expect(readFileSync(path.join(repo, 'verus-repair.toml'), 'utf8')).toBe('[model]\nname = "ours"\n');
  });

  it('in a crate without vstd: reports the change, leaves Cargo.toml untouched and exits 1; --fix makes it', async () => {
    const manifest = '[package]\nname = "search"\nversion = "0.1.0"\n';
    const { repo, crate } = repositoryWithCrate(manifest);
    const reported = await runCli(['init', 'crates/search'], environment, repo);
    expect(reported.exitCode).toBe(1);
    expect(reported.stdout).toMatch(/would change +crates\/search\/Cargo\.toml: add vstd = "=0\.0\.0-2026-05-31-0205" under \[dependencies\]/);
    expect(reported.stdout).toMatch(/would change +crates\/search\/Cargo\.toml: set \[package\.metadata\.verus\] verify = true/);
    expect(reported.stdout).toContain('run `npx verus-repair init crates/search --fix`');
    expect(readFileSync(path.join(crate, 'Cargo.toml'), 'utf8')).toBe(manifest);

    const fixed = await runCli(['init', 'crates/search', '--fix'], environment, repo);
    expect(fixed.exitCode).toBe(0);
    expect(fixed.stdout).toMatch(/changed +crates\/search\/Cargo\.toml: add vstd/);
    expect(readFileSync(path.join(crate, 'Cargo.toml'), 'utf8')).toBe(`${manifest}\n[dependencies]\nvstd = "=0.0.0-2026-05-31-0205"\n\n[package.metadata.verus]\nverify = true\n`);
  });

  it('outside a git repository, or without a crate, is one line, exit 2, and creates nothing', async () => {
    const { repo } = repositoryWithCrate(MANIFEST, { git: false });
    const outside = await runCli(['init', 'crates/search'], environment, repo);
    expect(outside.exitCode).toBe(2);
    expect(outside.stderr.trim()).toMatch(/^verus-repair: .*crates\/search is not inside a git repository .*run `git init` there first$/);
    expect(outside.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(path.join(repo, 'verus-repair.toml')) || existsSync(path.join(repo, 'verus-toolchain')) || existsSync(path.join(repo, '.gitignore'))).toBe(false);

    const inGit = repositoryWithCrate();
    const noCrate = await runCli(['init'], environment, inGit.repo);
    expect(noCrate.exitCode).toBe(2);
    expect(noCrate.stderr).toContain(`${path.join(inGit.repo, 'Cargo.toml')}: no such file; pass the directory of a Verus crate`);
    writeFileSync(path.join(inGit.crate, 'Cargo.toml'), '[package\nname = "x"\n');
    const badToml = await runCli(['init', inGit.crate], environment, inGit.repo);
    expect(badToml.exitCode).toBe(2);
    expect(badToml.stderr).toMatch(/Cargo\.toml:1:\d+: not valid TOML/);
    expect(existsSync(path.join(inGit.repo, 'verus-repair.toml'))).toBe(false);
  });

  it('refuses to write through a symbolic link leading outside the repository, naming the link and its target, and writes nothing', async () => {
    const needsFix = '[package]\nname = "search"\nversion = "0.1.0"\n';
    const noFiles = (repo: string): boolean => !existsSync(path.join(repo, 'verus-repair.toml')) && !existsSync(path.join(repo, 'verus-toolchain', 'pin.toml'));

    // Cargo.toml is a link to a manifest elsewhere: --fix is refused, and the plain check still reports.
    const linked = repositoryWithCrate(needsFix);
    const elsewhere = createTemporaryDirectory('init-elsewhere');
    renameSync(path.join(linked.crate, 'Cargo.toml'), path.join(elsewhere, 'Cargo.toml'));
    symlinkSync(path.join(elsewhere, 'Cargo.toml'), path.join(linked.crate, 'Cargo.toml'));
    const fixed = await runCli(['init', 'crates/search', '--fix'], environment, linked.repo);
    expect(fixed.exitCode).toBe(2);
    expect(fixed.stderr).toContain(`${path.join(linked.crate, 'Cargo.toml')} is a symbolic link to ${path.join(elsewhere, 'Cargo.toml')}, outside the repository`);
    expect(readFileSync(path.join(elsewhere, 'Cargo.toml'), 'utf8')).toBe(needsFix);
    expect(noFiles(linked.repo)).toBe(true);
    expect((await runCli(['init', 'crates/search'], environment, linked.repo)).exitCode).toBe(1);

    // .gitignore links outside, and verus-toolchain/ is a link to a directory outside.
    const ignore = repositoryWithCrate();
    writeFileSync(path.join(elsewhere, 'shared-ignore'), 'target/\n');
    symlinkSync(path.join(elsewhere, 'shared-ignore'), path.join(ignore.repo, '.gitignore'));
    const refusedIgnore = await runCli(['init', 'crates/search'], environment, ignore.repo);
    expect(refusedIgnore.exitCode).toBe(2);
    expect(refusedIgnore.stderr).toContain(`.gitignore is a symbolic link to ${path.join(elsewhere, 'shared-ignore')}, outside the repository`);
    expect(readFileSync(path.join(elsewhere, 'shared-ignore'), 'utf8')).toBe('target/\n');
    expect(noFiles(ignore.repo)).toBe(true);

    const toolchain = repositoryWithCrate();
    mkdirSync(path.join(elsewhere, 'toolchains'));
    symlinkSync(path.join(elsewhere, 'toolchains'), path.join(toolchain.repo, 'verus-toolchain'));
    const refusedPin = await runCli(['init', 'crates/search'], environment, toolchain.repo);
    expect(refusedPin.exitCode).toBe(2);
    expect(refusedPin.stderr).toContain(`pin.toml resolves to ${path.join(elsewhere, 'toolchains', 'pin.toml')} through a symbolic link on its path, outside the repository`);
    expect(existsSync(path.join(elsewhere, 'toolchains', 'pin.toml'))).toBe(false);
    expect(existsSync(path.join(toolchain.repo, 'verus-repair.toml'))).toBe(false);

    // The config is created exclusively: a link in its place, even a dangling one, is left alone and nothing is written through it.
    const config = repositoryWithCrate();
    symlinkSync(path.join(elsewhere, 'no-such-config.toml'), path.join(config.repo, 'verus-repair.toml'));
    const leftAlone = await runCli(['init', 'crates/search'], environment, config.repo);
    expect(leftAlone.stdout).toMatch(/left alone +verus-repair\.toml/);
    expect(existsSync(path.join(elsewhere, 'no-such-config.toml'))).toBe(false);

    // A link that stays inside the repository is followed as before.
    const inside = repositoryWithCrate(needsFix);
    renameSync(path.join(inside.crate, 'Cargo.toml'), path.join(inside.repo, 'search.toml'));
    symlinkSync(path.join(inside.repo, 'search.toml'), path.join(inside.crate, 'Cargo.toml'));
    expect((await runCli(['init', 'crates/search', '--fix'], environment, inside.repo)).exitCode).toBe(0);
    expect(readFileSync(path.join(inside.repo, 'search.toml'), 'utf8')).toContain('verify = true');
  });
});
