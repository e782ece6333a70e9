import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import type { WorkspaceRoot } from './find-workspace-root.js';
import { resolveWorkspaceInheritance } from './resolve-workspace-inheritance.js';

type TomlTable = Record<string, unknown>;

const MEMBER = '/ws/crates/app/Cargo.toml';
const rootOf = (text: string, defaultReadme: string | null = null): WorkspaceRoot => ({ manifestPath: '/ws/Cargo.toml', manifest: parse(text) as TomlTable, defaultReadme });
const resolve = (member: string, root: WorkspaceRoot | null) => resolveWorkspaceInheritance(parse(member) as TomlTable, MEMBER, root);
const WORKSPACE = `[workspace]
members = ["crates/*"]

[workspace.package]
version = "1.2.3"
edition = "2024"
authors = ["Ada"]
license-file = "LICENSE"
publish = false

[workspace.dependencies]
vstd = "=0.0.0-2026-05-31-0205"
serde = { version = "1", features = ["derive"], default-features = false }
helper = { path = "crates/helper" }
based = { path = "vendor/based", base = "workspace" }

[workspace.lints.rust]
unsafe_code = "forbid"
`;

describe('resolveWorkspaceInheritance: package fields (C util/toml/mod.rs:620-790)', () => {
  it('takes each inherited field from [workspace.package]; license-file and readme relative to the root, made absolute', () => {
    const resolved = resolve('[package]\nname = "app"\nversion.workspace = true\nedition = { workspace = true }\nauthors.workspace = true\nlicense-file.workspace = true\npublish.workspace = true\nreadme.workspace = true\n', rootOf(WORKSPACE, 'README.md'));
    expect(resolved?.['package']).toEqual({ name: 'app', version: '1.2.3', edition: '2024', authors: ['Ada'], 'license-file': '/ws/LICENSE', publish: false, readme: '/ws/README.md', resolver: '1' });
  });

  it('readme: `true` is README.md, unset is the root\'s default README, `false` or none at all is undefined', () => {
    const member = '[package]\nname = "app"\nreadme.workspace = true\n';
    expect(table(resolve(member, rootOf(WORKSPACE.replace('publish = false', 'publish = false\nreadme = true'))))['package']).toMatchObject({ readme: '/ws/README.md' });
    expect(table(resolve(member, rootOf(WORKSPACE.replace('publish = false', 'publish = false\nreadme = "docs/intro.md"'))))['package']).toMatchObject({ readme: '/ws/docs/intro.md' });
    expect(table(resolve(member, rootOf(WORKSPACE, 'README.txt')))['package']).toMatchObject({ readme: '/ws/README.txt' });
    expect(() => resolve(member, rootOf(WORKSPACE.replace('publish = false', 'publish = false\nreadme = false'), 'README.md'))).toThrow('/ws/Cargo.toml has no `workspace.package.readme`');
    expect(() => resolve(member, rootOf(WORKSPACE))).toThrow('/ws/Cargo.toml has no `workspace.package.readme`');
  });

  it('refuses, naming the manifest and key: a field the root lacks, one cargo never inherits, `workspace = false`, or no root at all', () => {
    expect(() => resolve('[package]\nname = "app"\nrepository.workspace = true\n', rootOf(WORKSPACE))).toThrow(`${MEMBER}: cannot resolve \`package.repository.workspace\` for a copy of the crate outside its workspace: /ws/Cargo.toml has no \`workspace.package.repository\``);
    expect(() => resolve('[package]\nname.workspace = true\n', rootOf(WORKSPACE))).toThrow('`package.name.workspace`');
    expect(() => resolve('[package]\nname = "app"\nversion.workspace = false\n', rootOf(WORKSPACE))).toThrow('`package.version.workspace` for a copy of the crate outside its workspace: `workspace` cannot be false');
    expect(() => resolve('[package]\nname = "app"\n\n[dependencies]\nvstd.workspace = true\n', null)).toThrow(`${MEMBER}: cannot resolve \`dependencies.vstd.workspace\` for a copy of the crate outside its workspace: no workspace root was found above the crate`);
  });

  it('leaves a crate with no workspace root and nothing inherited alone (null: the copy keeps its bytes)', () => {
    expect(resolve('[package]\nname = "solo"\nversion = "0.1.0"\n\n[dependencies]\nvstd = "1"\n', null)).toBeNull();
  });
});

describe('resolveWorkspaceInheritance: dependencies (C util/toml/mod.rs:1177-1240)', () => {
  const dependency = (member: string, name: string, edition = '2021') => table(table(resolve(`[package]\nname = "app"\nedition = "${edition}"\n\n[dependencies]\n${member}\n`, rootOf(WORKSPACE)))['dependencies'])[name];

  it('turns a version string into { version }, and resolves a path against the workspace root', () => {
    expect(dependency('vstd = { workspace = true }', 'vstd')).toEqual({ version: '=0.0.0-2026-05-31-0205' });
    expect(dependency('helper.workspace = true', 'helper')).toEqual({ path: '/ws/crates/helper' });
    expect(dependency('based.workspace = true', 'based')).toEqual({ path: '/ws/vendor/based' });
  });

  it('adds the member\'s features after the workspace\'s; `optional` is the member\'s; other keys are dropped', () => {
    expect(dependency('serde = { workspace = true, features = ["rc"], optional = true, version = "9" }', 'serde')).toEqual({ version: '1', features: ['derive', 'rc'], 'default-features': false, optional: true });
    expect(dependency('vstd = { workspace = true, features = ["alloc"] }', 'vstd')).toEqual({ version: '=0.0.0-2026-05-31-0205', features: ['alloc'] });
  });

  it('default-features: the member\'s true turns the workspace\'s false on; its false is ignored before edition 2024 and refused from it', () => {
    expect(dependency('serde = { workspace = true, default-features = true }', 'serde')).toMatchObject({ 'default-features': true });
    expect(dependency('vstd = { workspace = true, default-features = false }', 'vstd')).toEqual({ version: '=0.0.0-2026-05-31-0205' });
    expect(() => dependency('vstd = { workspace = true, default_features = false }', 'vstd', '2024')).toThrow('`dependencies.vstd.workspace` for a copy of the crate outside its workspace: `default-features = false` cannot override');
  });

  it('resolves dev-, build- and target dependencies too, and refuses one the workspace lacks', () => {
    const resolved = table(resolve('[package]\nname = "app"\n\n[dev-dependencies]\nhelper.workspace = true\n\n[target.\'cfg(unix)\'.build-dependencies]\nvstd.workspace = true\n', rootOf(WORKSPACE)));
    expect(table(resolved['dev-dependencies'])['helper']).toEqual({ path: '/ws/crates/helper' });
    expect(table(table(table(resolved['target'])['cfg(unix)'])['build-dependencies'])['vstd']).toEqual({ version: '=0.0.0-2026-05-31-0205' });
    expect(() => resolve('[package]\nname = "app"\n\n[dependencies]\nrand.workspace = true\n', rootOf(WORKSPACE))).toThrow('`dependencies.rand.workspace` for a copy of the crate outside its workspace: /ws/Cargo.toml has no `workspace.dependencies.rand`');
  });

  it('refuses a workspace entry that is no dependency at all', () => {
    expect(() => resolve('[package]\nname = "app"\n\n[dependencies]\nodd.workspace = true\n', rootOf(WORKSPACE.replace('[workspace.dependencies]\n', '[workspace.dependencies]\nodd = 3\n')))).toThrow('`dependencies.odd.workspace` for a copy of the crate outside its workspace: its `[workspace.dependencies]` entry is neither a version string nor a table');
  });

  it('refuses a workspace dependency that is optional (cargo: workspace dependencies cannot be optional)', () => {
    expect(() => resolve('[package]\nname = "app"\n\n[dependencies]\nhelper.workspace = true\n', rootOf(WORKSPACE.replace('helper = { path = "crates/helper" }', 'helper = { path = "crates/helper", optional = true }')))).toThrow('is optional, which a workspace dependency cannot be');
  });
});

describe('resolveWorkspaceInheritance: lints and what the root decides for every member', () => {
  it('takes [workspace.lints] for `[lints] workspace = true`, and refuses lints of its own beside it', () => {
    expect(table(resolve('[package]\nname = "app"\n\n[lints]\nworkspace = true\n', rootOf(WORKSPACE)))['lints']).toEqual({ rust: { unsafe_code: 'forbid' } });
    expect(() => resolve('[package]\nname = "app"\n\n[lints]\nworkspace = true\n\n[lints.clippy]\nall = "warn"\n', rootOf(WORKSPACE))).toThrow('`lints.workspace` for a copy of the crate outside its workspace: cannot override `workspace.lints`');
  });

  it('replaces the member\'s ignored [profile] and [patch] by the root\'s (paths against the root), sets the root\'s resolver and makes the copy its own workspace', () => {
    const root = rootOf(`${WORKSPACE}\n[profile.dev]\nopt-level = 1\n\n[patch.crates-io]\nvstd = { path = "../verus/source/vstd" }\n`.replace('[workspace]\n', '[workspace]\nresolver = "2"\n'));
    const resolved = table(resolve('[package]\nname = "app"\nworkspace = "../.."\n\n[profile.dev]\nopt-level = 3\n\n[patch.crates-io]\nserde = { path = "../serde" }\n', root));
    expect(resolved['profile']).toEqual({ dev: { 'opt-level': 1 } });
    expect(resolved['patch']).toEqual({ 'crates-io': { vstd: { path: '/verus/source/vstd' } } });
    expect(resolved['package']).toEqual({ name: 'app', resolver: '2' });
    expect(resolved['workspace']).toEqual({});
  });

  it('the resolver: the root package\'s own, else its edition\'s default (2021: "2", 2024: "3"), a virtual root\'s default "1" (C core/workspace.rs:334-345)', () => {
    const resolver = (rootText: string) => table(table(resolve('[package]\nname = "app"\nedition = "2024"\n', rootOf(rootText)))['package'])['resolver'];
    expect(resolver('[workspace]\n')).toBe('1');
    expect(resolver('[package]\nname = "root"\nedition = "2021"\n\n[workspace]\n')).toBe('2');
    expect(resolver('[package]\nname = "root"\nedition.workspace = true\n\n[workspace.package]\nedition = "2024"\n')).toBe('3');
    expect(resolver('[package]\nname = "root"\nedition = "2024"\nresolver = "1"\n\n[workspace]\n')).toBe('1');
  });

  it('a root package keeps its profiles and its [workspace] without the members, which are not in the copy; one without members is left alone', () => {
    const text = '[package]\nname = "root"\nversion.workspace = true\n\n[workspace]\nresolver = "2"\nmembers = ["sub"]\n\n[workspace.package]\nversion = "2.0.0"\n\n[profile.release]\nlto = true\n';
    const resolved = table(resolveWorkspaceInheritance(parse(text) as TomlTable, '/ws/Cargo.toml', rootOf(text)));
    expect(resolved).toEqual({ package: { name: 'root', version: '2.0.0' }, workspace: { resolver: '2', package: { version: '2.0.0' } }, profile: { release: { lto: true } } });
    const alone = '[package]\nname = "root"\nversion = "0.1.0"\n\n[workspace]\n';
    expect(resolveWorkspaceInheritance(parse(alone) as TomlTable, '/ws/Cargo.toml', rootOf(alone))).toBeNull();
  });
});

function table(value: unknown): TomlTable {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`not a table: ${JSON.stringify(value)}`);
  return value as TomlTable;
}
