'use strict';
// Cargo's freshness check for one unit, reduced to what decides it for cargo verus
// (C = rust-lang/cargo src/cargo at 0.96.0). The fake keeps one small state file per unit under
// <target>/debug/.verus-repair-fake-fingerprint/ (target/ is cargo's, so this is thrown away with it):
// - the env vars the unit's compiler read (rustc's dep-info `# env-dep:` lines; for Verus, its args
//   env vars): a changed value makes the unit stale (C core/compiler/fingerprint/mod.rs:944-978);
// - the dep-info's mtime, which is the time the compiler started: a source file newer than that
//   makes the unit stale (fingerprint/mod.rs:938-943, 2179: `path_mtime <= reference_mtime` is fresh);
// - a dependency rebuilt in this run makes its dependents stale (fingerprint/mod.rs:1321-1341);
// - a failed unit leaves no valid fingerprint, so it runs again (fingerprint/mod.rs:534-543);
// - the compiler's stderr-derived messages, replayed when the unit is fresh (C core/compiler/mod.rs:
//   2075-2092 caches them, 2527-2565 replays them; stdout, where the results document goes, is not cached).
const fs = require('node:fs');
const path = require('node:path');

const stateFile = (targetDir, key) => path.join(targetDir, 'debug', '.verus-repair-fake-fingerprint', `${key.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);

/** The unit's key: cargo keeps separate fingerprints per package and compile mode (check vs build). */
const unitKey = (unit, cargoSubcommand) => `${cargoSubcommand}-${unit.packageId}`;

function readUnitFingerprint(targetDir, key) {
  try {
    return JSON.parse(fs.readFileSync(stateFile(targetDir, key), 'utf8'));
  } catch {
    return null;
  }
}

/** Why the unit must run, or null when cargo would consider it fresh. */
function findStaleReason(fingerprint, unit, dependencyRan) {
  if (fingerprint === null) return 'no fingerprint (never built here, or the last build failed)';
  if (dependencyRan) return 'a dependency was rebuilt';
  for (const [name, value] of Object.entries(unit.environmentTracked)) if (fingerprint.environment[name] !== value) return `env ${name.trim()} changed`;
  for (const file of unit.sources) {
    if (fs.existsSync(file) && fs.statSync(file).mtimeMs > fingerprint.depInfoMtimeMs) return `${file} is newer than the last check`;
  }
  return null;
}

/** Records a successful run that started at `startedAtMs`; written by rename so parallel fakes never see half a file. */
function writeUnitFingerprint(targetDir, key, unit, startedAtMs, messages) {
  const file = stateFile(targetDir, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify({ environment: unit.environmentTracked, depInfoMtimeMs: startedAtMs, messages }));
  fs.renameSync(temporary, file);
}

/** Cargo truncates a unit's fingerprint before running it, so a run that fails leaves the unit stale. */
function clearUnitFingerprint(targetDir, key) {
  fs.rmSync(stateFile(targetDir, key), { force: true });
}

module.exports = { unitKey, readUnitFingerprint, findStaleReason, writeUnitFingerprint, clearUnitFingerprint };
