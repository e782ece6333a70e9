'use strict';
// What cargo decides about the root package before any unit runs, as far as the fake models it
// (C = rust-lang/cargo src/ at 0.96.0): keys inherited with `workspace = true`, path dependencies,
// and, under --locked/--frozen, whether the lock would have to be written. cargo-verus meets these
// in its first step, `cargo metadata` with the same --locked/--frozen/--offline (V
// cargo-verus/src/subcommands.rs:135-139 and 242-252, metadata.rs:160-166, release/0.2026.06.07.cd03505),
// whose failure main returns as an error (V cargo-verus/src/main.rs:17-22: exit 1).
const fs = require('node:fs');
const path = require('node:path');
const { readCargoManifest } = require('./read-cargo-manifest.cjs');

// cargo's error chain: "error: A" then "Caused by:" blocks (anyhow contexts). The `Error: ...` line
// is cargo_metadata's wording (its error type is not in the stored sources): the product reads cargo's own lines.
function metadataFailure(chain) {
  const cargoText = `error: ${chain[0]}${chain.slice(1).map((cause) => `\n\nCaused by:\n  ${cause}`).join('')}\n`;
  return { exitCode: 1, stderr: `${cargoText}Error: \`cargo metadata\` exited with an error: ${cargoText}` };
}

/** The workspace root's manifest tables that members inherit from (`[workspace.package]`, `[workspace.dependencies]`). */
function readWorkspaceTables(workspaceRoot) {
  const manifestPath = path.join(workspaceRoot, 'Cargo.toml');
  return fs.existsSync(manifestPath) ? readCargoManifest(manifestPath).workspace : null;
}

/**
 * C util/toml/mod.rs:1126-1140 and 1160-1175: each `key.workspace = true` takes
 * `workspace.package.<key>` or `workspace.dependencies.<name>` of the workspace root; without a
 * root, "failed to find a workspace root" (mod.rs:983), inside "failed to parse manifest at" (mod.rs:139).
 */
function inheritFromWorkspace(manifest, workspaceRoot) {
  if (manifest.inherited.packageKeys.length === 0 && manifest.inherited.dependencies.length === 0) return { manifest };
  const workspace = workspaceRoot === manifest.directory && !manifest.isWorkspace ? null : readWorkspaceTables(workspaceRoot);
  const missing = (label, key) => metadataFailure([`failed to parse manifest at \`${manifest.manifestPath}\``, `error inheriting \`${label}\` from workspace root manifest's \`${key}\``, 'failed to find a workspace root']);
  const resolved = { ...manifest, dependencies: { ...manifest.dependencies } };
  for (const key of manifest.inherited.packageKeys) {
    if (workspace === null) return { exit: missing(key, `workspace.package.${key}`) };
    if (key === 'version') resolved.version = workspace.package.get('version') ?? '0.0.0';
  }
  for (const name of manifest.inherited.dependencies) {
    if (workspace === null) return { exit: missing(name, `workspace.dependencies.${name}`) };
    const inherited = workspace.dependencies.get(name);
    resolved.dependencies[name] = typeof inherited === 'string' ? { version: inherited } : { ...inherited };
  }
  if (resolved.dependencies.vstd !== undefined) resolved.vstd = resolved.dependencies.vstd;
  return { manifest: resolved };
}

/**
 * Each path dependency must have a manifest (C core/resolver/dep_cache.rs:261, core/registry.rs:412
 * and 545, crates/cargo-util/src/paths.rs:178); the fake builds it with plain rustc (no `verify = true`).
 */
function loadPathDependencies(manifest) {
  const loaded = [];
  for (const [name, dependency] of Object.entries(manifest.dependencies)) {
    if (dependency.path === undefined || name === 'vstd') continue;
    const directory = path.resolve(manifest.directory, dependency.path);
    const manifestPath = path.join(directory, 'Cargo.toml');
    if (!fs.existsSync(manifestPath)) {
      return { exit: metadataFailure([`failed to get \`${name}\` as a dependency of package \`${manifest.name} v${manifest.version} (${manifest.directory})\``, `failed to load source for dependency \`${name}\``, `unable to update ${directory}`, `failed to read \`${manifestPath}\``, 'No such file or directory (os error 2)']) };
    }
    const dependencyManifest = readCargoManifest(manifestPath);
    if (dependencyManifest.verus.verify) return { unsupported: `path dependency ${name} opts into verification: the fake verifies the root package and vstd only` };
    loaded.push(dependencyManifest);
  }
  return { loaded };
}

/** The `[[package]]` entries of a Cargo.lock that have no `source` (path packages), as `name@version`. */
function readLockedPathPackages(text) {
  return text.split(/^\[\[package\]\]$/m).slice(1).filter((entry) => !/^source = /m.test(entry)).map((entry) => `${/^name = "([^"]*)"/m.exec(entry)?.[1]}@${/^version = "([^"]*)"/m.exec(entry)?.[1]}`).sort();
}

/**
 * C ops/lockfile.rs:44-67: cargo writes the lock unless it is unchanged; under --locked/--frozen it
 * refuses instead, saying whether it would update or create it. Unchanged under --locked means the
 * same resolve (lockfile.rs:209-224), and a path package of the lock that the workspace no longer has
 * is ignored when the lock is read (C core/resolver/encode.rs:196-201): so a lock listing more
 * path packages (a workspace's lock copied beside one member) is current. The fake's test: every
 * path package of the workspace (the root, its path dependencies, the members it can read) is listed
 * at its version, and vstd at the version asked for; registry packages' other versions and
 * dependency lists are not modelled.
 */
function checkLock(manifest, pathDependencies, workspaceRoot, lockedFlag) {
  const lockFile = path.join(workspaceRoot, 'Cargo.lock');
  const refuse = (action) => ({ exit: metadataFailure([`cannot ${action} the lock file ${lockFile} because ${lockedFlag} was passed to prevent this\nhelp: to generate the lock file without accessing the network, remove the ${lockedFlag} flag and use --offline instead.`]) });
  if (!fs.existsSync(lockFile)) return refuse('create');
  const text = fs.readFileSync(lockFile, 'utf8');
  const members = workspaceRoot === manifest.directory ? [] : (readWorkspaceTables(workspaceRoot)?.members ?? []);
  const memberPackages = members.map((member) => path.join(workspaceRoot, member, 'Cargo.toml')).filter((file) => fs.existsSync(file)).map(readCargoManifest)
    .map((member) => (member.manifestPath === manifest.manifestPath ? manifest : member));
  const locked = new Set(readLockedPathPackages(text));
  const allListed = [manifest, ...pathDependencies, ...memberPackages].every((entry) => locked.has(`${entry.name}@${entry.version}`));
  const vstdVersion = manifest.vstd === null ? null : String(manifest.vstd.version || '').replace(/^[=^~ ]+/, '');
  const vstdLocked = vstdVersion === null || new RegExp(`^name = "vstd"\\nversion = "${vstdVersion.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`, 'm').test(text);
  return allListed && vstdLocked ? {} : refuse('update');
}

/** Returns { manifest, pathDependencies } (the root manifest with inherited keys resolved) or { exit } or { unsupported }. */
function resolveCargoWorkspace(manifest, workspaceRoot, options) {
  const inherited = inheritFromWorkspace(manifest, workspaceRoot);
  if (inherited.exit) return inherited;
  const dependencies = loadPathDependencies(inherited.manifest);
  if (dependencies.exit || dependencies.unsupported) return dependencies;
  const lockedFlag = options.frozen ? '--frozen' : options.locked ? '--locked' : null;
  if (lockedFlag !== null) {
    const lock = checkLock(inherited.manifest, dependencies.loaded, workspaceRoot, lockedFlag);
    if (lock.exit) return lock;
  }
  return { manifest: inherited.manifest, pathDependencies: dependencies.loaded };
}

module.exports = { resolveCargoWorkspace };
