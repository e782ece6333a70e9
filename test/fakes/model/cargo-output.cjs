'use strict';
// What cargo 0.96 prints around a unit under `--message-format=json` (C = rust-lang/cargo src/cargo at
// 0.96.0): machine messages on stdout, compact JSON one per line (C util/machine_message.rs); human
// status and errors on stderr. Shapes checked against cargo 1.95.0's own output on this machine.
const { createHash } = require('node:crypto');

/** C core/compiler/mod.rs:2347-2386: a diagnostic the compiler printed on stderr, wrapped and moved to stdout. */
function compilerMessage(unit, message) {
  return JSON.stringify({ reason: 'compiler-message', package_id: unit.cargoId, manifest_path: unit.manifestPath, target: targetOf(unit), message });
}

function targetOf(unit) {
  return { kind: ['lib'], crate_types: ['lib'], name: unit.crateName, src_path: unit.rootFile, edition: '2021', doc: true, doctest: true, test: true };
}

/** A finished unit (fresh or rebuilt); `cargo check` produces .rmeta files. */
function compilerArtifact(unit, targetDir, fresh) {
  const hash = createHash('sha256').update(unit.packageId).digest('hex').slice(0, 16);
  return JSON.stringify({
    reason: 'compiler-artifact', package_id: unit.cargoId, manifest_path: unit.manifestPath, target: targetOf(unit),
    profile: { opt_level: '0', debuginfo: 2, debug_assertions: true, overflow_checks: true, test: false }, features: [],
    filenames: [`${targetDir}/debug/deps/lib${unit.crateName}-${hash}.rmeta`], executable: null, fresh,
  });
}

const buildFinished = (success) => JSON.stringify({ reason: 'build-finished', success });

/** C core/compiler/job_queue/mod.rs:1204-1210: the status line of a unit that runs (check mode says Checking). */
function statusLine(unit, cargoSubcommand) {
  const verb = cargoSubcommand === 'check' ? 'Checking' : 'Compiling';
  const where = unit.isRoot ? ` (${unit.directory})` : '';
  return `${verb.padStart(12)} ${unit.name} v${unit.version}${where}`;
}

const finishedLine = (seconds) => `    Finished \`dev\` profile [unoptimized + debuginfo] target(s) in ${seconds.toFixed(2)}s`;

/**
 * C core/compiler/mod.rs:452-477: the error of a failed unit. Errors counted from its diagnostics
 * appear as "due to N previous errors"; when none were counted, the process error is shown too.
 */
function couldNotCompile(unit, errorCount, processFailure) {
  const errors = errorCount === 0 ? '' : errorCount === 1 ? ' due to 1 previous error' : ` due to ${errorCount} previous errors`;
  const head = `error: could not compile \`${unit.name}\` (lib)${errors}`;
  if (errorCount > 0) return head;
  return `${head}\n\nCaused by:\n  process didn't exit successfully: \`verus rustc --crate-name ${unit.crateName} --edition=2021 ${unit.rootFile} --error-format=json --json=diagnostic-rendered-ansi,artifacts,future-incompat --crate-type lib ...\` (${processFailure})`;
}

module.exports = { compilerMessage, compilerArtifact, buildFinished, statusLine, finishedLine, couldNotCompile };
