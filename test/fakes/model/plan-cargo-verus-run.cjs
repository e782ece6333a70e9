'use strict';
// What `cargo verus <subcommand>` asks cargo to do, as V cargo-verus/src/plan.rs:26-81 and
// subcommands.rs:129-446 plan it (release/0.2026.06.07.cd03505): which packages there are (here: the
// root package and vstd when it is a dependency), which are verified, which receive the forwarded
// Verus args, the args env each verified package gets, and the target directory.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readCargoManifest } = require('./read-cargo-manifest.cjs');
const { resolveCargoWorkspace } = require('./resolve-cargo-workspace.cjs');
const { VERUS_DRIVER_ARGS_FOR, VERUS_DRIVER_ARGS, packVerusDriverArgs, makePackageId } = require('./verus-driver-env.cjs');

const CRATES_IO = 'registry+https://github.com/rust-lang/crates.io-index';
const REGISTRY_DIR = 'index.crates.io-1949cf8c6b5b557f';

function findUp(start, predicate) {
  for (let directory = start; ; directory = path.dirname(directory)) {
    const manifest = path.join(directory, 'Cargo.toml');
    if (fs.existsSync(manifest) && predicate(manifest)) return manifest;
    if (path.dirname(directory) === directory) return null;
  }
}

/** Cargo's workspace root: the package's own [workspace], else the nearest ancestor workspace that lists it. */
function findWorkspaceRoot(manifest) {
  if (manifest.isWorkspace) return manifest.directory;
  const parent = findUp(path.dirname(manifest.directory), (candidate) => {
    const text = fs.readFileSync(candidate, 'utf8');
    return /^\[workspace\]/m.test(text) && (text.includes(`"${path.relative(path.dirname(candidate), manifest.directory)}"`) || text.includes('*'));
  });
  return parent === null ? manifest.directory : path.dirname(parent);
}

function listSources(directory) {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? listSources(full) : entry.name.endsWith('.rs') ? [full] : [];
  });
}

/** vstd as a registry (or path) dependency; its Cargo.toml says `[package.metadata.verus] verify = true, is-vstd = true`. */
function describeVstd(dependency, rootDirectory, environment) {
  const cargoHome = environment.CARGO_HOME || path.join(environment.HOME || os.homedir(), '.cargo');
  const version = String(dependency.version || '').replace(/^[=^~ ]+/, '');
  const manifestPath = dependency.path !== undefined
    ? path.resolve(rootDirectory, dependency.path, 'Cargo.toml')
    : path.join(cargoHome, 'registry', 'src', REGISTRY_DIR, `vstd-${version}`, 'Cargo.toml');
  const manifest = fs.existsSync(manifestPath) ? readCargoManifest(manifestPath) : null;
  return {
    name: 'vstd', version: manifest?.version ?? version, manifestPath, directory: path.dirname(manifestPath),
    cargoId: dependency.path !== undefined ? `path+file://${path.dirname(manifestPath)}#vstd@${manifest?.version ?? version}` : `${CRATES_IO}#vstd@${version}`,
    crateName: 'vstd', rootFile: path.join(path.dirname(manifestPath), manifest?.lib.path ?? 'vstd.rs'),
    verus: manifest?.verus ?? { verify: true, isVstd: true }, isRoot: false,
    // C core/compiler/mod.rs:497-498: cargo tracks no source files for registry dependencies.
    sources: dependency.path !== undefined ? listSources(path.dirname(manifestPath)) : [],
  };
}

function describeRoot(manifest) {
  const hasNonLib = ['src/main.rs', 'src/bin', 'tests', 'examples', 'benches'].some((entry) => fs.existsSync(path.join(manifest.directory, entry)));
  const libFile = path.join(manifest.directory, manifest.lib.path ?? 'src/lib.rs');
  const base = path.basename(manifest.directory);
  return {
    name: manifest.name, version: manifest.version, manifestPath: manifest.manifestPath, directory: manifest.directory,
    // cargo's package-id spec omits the name when it equals the directory's name (cargo 0.96 `--message-format=json`).
    cargoId: `path+file://${manifest.directory}#${base === manifest.name ? '' : `${manifest.name}@`}${manifest.version}`,
    crateName: manifest.lib.name ?? manifest.name.replace(/-/g, '_'), rootFile: fs.existsSync(libFile) ? libFile : path.join(manifest.directory, 'src', 'main.rs'),
    libName: fs.existsSync(libFile) ? (manifest.lib.name ?? manifest.name.replace(/-/g, '_')) : null, hasNonLib,
    verus: manifest.verus, isRoot: true, sources: listSources(path.join(manifest.directory, 'src')),
  };
}

/** A path dependency of the root: a package cargo compiles with plain rustc before the root (no `verify = true`). */
function describePathDependency(manifest) {
  const libFile = path.join(manifest.directory, manifest.lib.path ?? 'src/lib.rs');
  return {
    name: manifest.name, version: manifest.version, manifestPath: manifest.manifestPath, directory: manifest.directory,
    cargoId: `path+file://${manifest.directory}#${path.basename(manifest.directory) === manifest.name ? '' : `${manifest.name}@`}${manifest.version}`,
    crateName: manifest.lib.name ?? manifest.name.replace(/-/g, '_'), rootFile: libFile,
    verus: manifest.verus, isRoot: false, sources: listSources(path.join(manifest.directory, 'src')),
  };
}

/** Plans a parsed `cargo verus` command in `cwd`; returns { plan }, { exit } (cargo metadata failed) or { unsupported }. */
function planCargoVerusRun(command, cwd, environment) {
  const { subcommand, options, verusArgs, fwdVerusArgsTo } = command;
  if (options.packages || options.workspace || options.all || options.exclude) return { unsupported: 'the fake models one root package: -p/--workspace/--exclude are not modelled' };
  const manifestPath = options.manifestPath !== undefined ? path.resolve(cwd, options.manifestPath) : findUp(cwd, () => true);
  if (manifestPath === null || !fs.existsSync(manifestPath)) return { unsupported: `no Cargo.toml at or above ${cwd} (cargo metadata would fail)` };
  const read = readCargoManifest(manifestPath);
  if (read.name === undefined) return { unsupported: `${manifestPath} is a virtual manifest; the fake models one root package` };
  const workspaceRoot = findWorkspaceRoot(read);
  const resolved = resolveCargoWorkspace(read, workspaceRoot, options);
  if (resolved.exit || resolved.unsupported) return resolved;
  const { manifest } = resolved;
  const root = describeRoot(manifest);
  const packages = [...(manifest.vstd !== null ? [describeVstd(manifest.vstd, manifest.directory, environment)] : []), ...resolved.pathDependencies.map(describePathDependency), root];
  // plan.rs:44-75: verify, focus and check run `cargo check`; build runs `cargo build`; focus verifies roots only.
  const cargoSubcommand = subcommand === 'build' ? 'build' : 'check';
  const verifyDeps = subcommand !== 'focus';
  // subcommands.rs:163-170: focus builds into <target>/verus-partial; the target dir is --target-dir,
  // else cargo metadata's target_directory (CARGO_TARGET_DIR, else <workspace root>/target).
  const baseTarget = options.targetDir !== undefined ? path.resolve(cwd, options.targetDir)
    : environment.CARGO_TARGET_DIR ? path.resolve(cwd, environment.CARGO_TARGET_DIR) : path.join(workspaceRoot, 'target');
  const targetDir = verifyDeps ? baseTarget : path.join(baseTarget, 'verus-partial');
  // subcommands.rs:176-190: args every verified package gets (packed into VERUS_DRIVER_ARGS).
  const commonArgs = ['--VIA-CARGO', 'compile-when-not-primary-package', ...(subcommand === 'build' ? ['--VIA-CARGO', 'compile-when-primary-package'] : []), ...(options.verbosity >= 2 ? ['-v'] : [])];
  const units = packages.map((unit) => {
    // subcommands.rs:153-157 and 359-361.
    const receivesArgs = fwdVerusArgsTo === 'all' || (fwdVerusArgsTo === 'roots') === unit.isRoot;
    const noVerify = !unit.isRoot && !verifyDeps;
    // subcommands.rs:392-431: the package's own driver args, then the forwarded ones.
    const driverArgs = [
      ...(unit.verus.isVstd ? ['--is-vstd'] : []),
      ...(noVerify ? ['--no-verify'] : []),
      ...(unit.isRoot && manifest.vstd !== null ? ['--VIA-CARGO', 'import-dep-if-present=vstd'] : []),
      ...(unit.isRoot && unit.libName !== null && unit.hasNonLib ? ['--VIA-CARGO', `import-dep-if-present=${unit.libName}`] : []),
      ...(receivesArgs ? verusArgs : []),
    ];
    const packageId = makePackageId(unit.name, unit.version, unit.manifestPath);
    // subcommands.rs:385-439: only packages with `verify = true` get the env; the driver reads both
    // variables through its dependency tracker (rust_verify/src/cargo_verus.rs:41-52).
    const environmentTracked = unit.verus.verify ? { [VERUS_DRIVER_ARGS]: packVerusDriverArgs(commonArgs), [`${VERUS_DRIVER_ARGS_FOR}${packageId}`]: packVerusDriverArgs(driverArgs) } : {};
    return { ...unit, packageId, receivesArgs, noVerify, driverArgs, environmentTracked };
  });
  return { plan: { subcommand, cargoSubcommand, targetDir, units, verusArgs, commonArgs, warnNothingVerified: subcommand !== 'build' && !root.verus.verify } };
}

module.exports = { planCargoVerusRun };
