'use strict';
// Prints what a scenario invocation says the tool printed, then exits with its code. Behaviours:
// `stdout`/`stderr` files (relative to the scenario directory), `exitCode`, `reviewOracle` (see
// ../review-oracle.cjs), `sleepMs`, `timePerFunctionMs`, `hugeOutputBytes`, `hang`,
// `spawnMarkerChildAfterMs`, `recordProcesses` (append this process's pid and that of a child it starts,
// which sleeps forever in the same process group, to VERUS_REPAIR_FAKE_MARKER.processes: a test can
// then check that nothing the runner started outlives it), and `abort: true` (die by SIGABRT after the output, as a Rust process
// does on a panic during unwinding). Under cargo (`underCargo`) the scenario's exit code and abort
// are the root unit's, and the process exits as cargo does: 0, or 101 for a failed unit. Every results document is rewritten to say version "fake"
// (../model/fake-build-info.cjs); the recorded files keep their content.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { FakeRefusal } = require('./fake-refusal.cjs');
const { rewriteVersions } = require('../model/fake-build-info.cjs');

function spawnMarkerChild(afterMs) {
  const marker = process.env.VERUS_REPAIR_FAKE_MARKER;
  if (marker === undefined) throw new FakeRefusal('spawnMarkerChildAfterMs needs VERUS_REPAIR_FAKE_MARKER');
  const script = `require('fs').writeFileSync(${JSON.stringify(`${marker}.pid`)}, String(process.pid)); setTimeout(() => require('fs').writeFileSync(${JSON.stringify(marker)}, 'late'), ${afterMs});`;
  spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
}

// Recorded after a moment: a test kills at the first sign of a run, and a runner's death in the
// instant between a spawn and the runner's next step is not what such a test means to check.
function recordProcesses() {
  const marker = process.env.VERUS_REPAIR_FAKE_MARKER;
  if (marker === undefined) throw new FakeRefusal('recordProcesses needs VERUS_REPAIR_FAKE_MARKER');
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' });
  setTimeout(() => fs.appendFileSync(`${marker}.processes`, `${process.pid}\n${child.pid}\n`), 500);
}

function writeHugeOutput(bytes) {
  const block = `${'x'.repeat(1023)}\n`.repeat(64);
  for (let remaining = bytes; remaining > 0; remaining -= block.length) fs.writeSync(1, remaining >= block.length ? block : block.slice(0, remaining));
  fs.writeSync(1, '\n');
}

/** The stdout, stderr and exit code the invocation answers with. */
function answerOf(scenarioDir, invocation) {
  if (invocation.reviewOracle !== undefined) {
    const answer = require('../review-oracle.cjs').answerFromOracle(scenarioDir, invocation.reviewOracle, process.cwd());
    if (answer.error !== undefined) throw new FakeRefusal(answer.error);
    return answer;
  }
  const read = (name) => (name ? fs.readFileSync(path.join(scenarioDir, name), 'utf8') : '');
  return { stdout: read(invocation.stdout), stderr: read(invocation.stderr), exitCode: invocation.exitCode === undefined ? 0 : invocation.exitCode };
}

/**
 * Under cargo, the root unit's lines carry the root package's id as cargo prints it (C
 * core/compiler/mod.rs, `package_id` of each compiler-message and compiler-artifact), whatever
 * package and directory the recording was made for (scratch copies are renamed
 * `<name>-variant-<digest>`, src/verifier/precheck/isolate-scratch-package.ts).
 */
function rewritePackageIds(stdout, rootPackageId) {
  if (!rootPackageId) return stdout;
  return stdout.replace(/("package_id"\s*:\s*)"path\+file:\/\/[^"]*"/g, (_, key) => `${key}${JSON.stringify(rootPackageId)}`);
}

/**
 * Replays `invocation` after `prelude` (output the model printed for earlier units); calls
 * `onFinish(exitCode, stdout)` just before exiting. `sleepMs` is the total delay before the output.
 */
function replayInvocation(scenarioDir, invocation, options = {}) {
  const prelude = options.prelude || { stdout: '', stderr: '' };
  const answer = answerOf(scenarioDir, invocation);
  if (invocation.spawnMarkerChildAfterMs !== undefined) spawnMarkerChild(invocation.spawnMarkerChildAfterMs);
  if (invocation.recordProcesses) recordProcesses();
  const emit = () => {
    for (const [fd, text] of [[1, prelude.stdout], [2, prelude.stderr]]) if (text) fs.writeSync(fd, text.endsWith('\n') ? text : `${text}\n`);
    if (invocation.hugeOutputBytes) writeHugeOutput(invocation.hugeOutputBytes);
    const stdout = rewritePackageIds(rewriteVersions(answer.stdout), options.rootPackageId);
    if (stdout) fs.writeSync(1, stdout);
    if (answer.stderr) fs.writeSync(2, answer.stderr);
    if (invocation.hang) {
      setInterval(() => {}, 1000);
      return;
    }
    const failed = invocation.abort || answer.exitCode !== 0;
    if (options.onFinish) options.onFinish(failed ? 1 : 0, answer.stdout);
    // Under cargo the scenario's code is the root unit's: cargo exits 101 for any failed unit
    // (C core/compiler/mod.rs:452-477 and cargo's default CLI error code), also when it aborted.
    if (options.underCargo) process.exit(failed ? 101 : 0);
    if (invocation.abort) process.kill(process.pid, 'SIGABRT');
    else process.exit(answer.exitCode);
  };
  const delay = options.sleepMs ?? invocation.sleepMs ?? 0;
  if (delay > 0) setTimeout(emit, delay);
  else emit();
}

module.exports = { replayInvocation };
