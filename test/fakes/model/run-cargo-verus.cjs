'use strict';
// The fake's model of one `cargo verus` run: cargo-verus's command line, cargo's units (vstd, then
// the root), each unit fresh or run, and what a run of vstd prints. The root unit's own output comes
// from the scenario: when the root must run, the result is a `replay` with the output to print before
// it and a callback that records the unit's fingerprint once the scenario's exit code is known.
const { parseCargoVerusCli } = require('./parse-cargo-verus-cli.cjs');
const { checkCargoArgs } = require('./check-cargo-args.cjs');
const { planCargoVerusRun } = require('./plan-cargo-verus-run.cjs');
const { runUnitVerus } = require('./run-unit-verus.cjs');
const { unitKey, readUnitFingerprint, findStaleReason, writeUnitFingerprint, clearUnitFingerprint } = require('./unit-fingerprint.cjs');
const { compilerMessage, compilerArtifact, buildFinished, statusLine, finishedLine, couldNotCompile } = require('./cargo-output.cjs');

// The diagnostics cargo caches for a unit: its compiler-message lines (C core/compiler/mod.rs:2075-2092).
const cachedMessagesOf = (stdout) => stdout.split('\n').filter((line) => line.startsWith('{') && line.includes('"compiler-message"'));

/** Returns { exit: {stdout, stderr, exitCode}, log } | { replay: {stdout, stderr}, log, finish(exitCode, stdout) } | { unsupported }. */
function runCargoVerus(argv, cwd, environment) {
  const cli = parseCargoVerusCli(argv);
  if (cli.unsupported) return cli;
  if (cli.exitCode !== undefined) return { exit: { stdout: '', stderr: cli.stderr, exitCode: cli.exitCode }, log: { verifiedPackages: [] } };
  const cargo = checkCargoArgs(cli.command.cargoArgs);
  if (cargo.unsupported) return cargo;
  if (cargo.exitCode !== undefined) return { exit: { stdout: '', stderr: cargo.stderr, exitCode: cargo.exitCode }, log: { verifiedPackages: [] } };
  const planned = planCargoVerusRun(cli.command, cwd, environment);
  if (planned.unsupported) return planned;
  if (planned.exit) return { exit: { stdout: '', ...planned.exit }, log: { verifiedPackages: [] } };
  const { plan } = planned;
  const out = [];
  const err = [];
  const verifiedPackages = [];
  // The units cargo did not consider fresh (compiled again), in order: tests count vstd builds per target directory from them.
  const builtUnits = [];
  const log = () => ({ verifiedPackages, builtUnits, targetDir: plan.targetDir });
  // V cargo-verus/src/subcommands.rs:213-224 (printed in red by `colored`, which paints only a terminal stdout).
  if (plan.warnNothingVerified) err.push('WARNING: You asked for verification, but cargo did not find any crates that opted into verification.\n         If this is unexpected, try adding this entry to your Cargo.toml file:\n            [package.metadata.verus]\n            verify = true');
  const startedAtMs = Date.now();
  let dependencyRan = false;
  for (const unit of plan.units) {
    const key = unitKey(unit, plan.cargoSubcommand);
    const fingerprint = readUnitFingerprint(plan.targetDir, key);
    if (findStaleReason(fingerprint, unit, dependencyRan) === null) {
      out.push(...fingerprint.messages, compilerArtifact(unit, plan.targetDir, true));
      continue;
    }
    dependencyRan = true;
    builtUnits.push(unit.name);
    clearUnitFingerprint(plan.targetDir, key);
    if (!unit.isRoot || !unit.verus.verify) err.push(statusLine(unit, plan.cargoSubcommand));
    // rust_verify/src/cargo_verus.rs:41-56: a package without `verify = true` is compiled by plain rustc.
    const verus = unit.verus.verify ? runUnitVerus(unit, plan) : { diagnostics: [], stderr: [], document: null, success: true, verified: false };
    if (verus.unsupported) return verus;
    if (verus.kind === 'replay') {
      verifiedPackages.push(unit.name);
      const finish = (exitCode, stdout) => {
        if (exitCode === 0) writeUnitFingerprint(plan.targetDir, key, unit, startedAtMs, cachedMessagesOf(stdout));
      };
      return { replay: { stdout: out.join('\n'), stderr: err.join('\n') }, rootPackageId: unit.cargoId, log: log(), finish };
    }
    if (verus.verified) verifiedPackages.push(unit.name);
    const messages = verus.diagnostics.map((message) => compilerMessage(unit, message));
    out.push(...messages);
    err.push(...verus.stderr);
    if (verus.document) out.push(verus.document.replace(/\n$/, ''));
    if (!verus.success) {
      err.push(couldNotCompile(unit, verus.diagnostics.filter((message) => message.level === 'error').length, verus.processFailure));
      out.push(buildFinished(false));
      return { exit: { stdout: `${out.join('\n')}\n`, stderr: `${err.join('\n')}\n`, exitCode: 101 }, log: log() };
    }
    writeUnitFingerprint(plan.targetDir, key, unit, startedAtMs, messages);
    out.push(compilerArtifact(unit, plan.targetDir, false));
  }
  err.push(finishedLine((Date.now() - startedAtMs) / 1000));
  out.push(buildFinished(true));
  return { exit: { stdout: `${out.join('\n')}\n`, stderr: `${err.join('\n')}\n`, exitCode: 0 }, log: log() };
}

module.exports = { runCargoVerus };
