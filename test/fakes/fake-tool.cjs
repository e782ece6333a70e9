'use strict';
// Fake `verus`, `cargo-verus` and `docker` for tests (synthetic: no real Verus, cargo-verus or Docker
// is involved). Two layers:
// 1. The scenario named by VERUS_REPAIR_FAKE_SCENARIO (its scenario.json) lists the invocations a test
//    allows (scenario/match-invocation.cjs) and what the checked crate's own verification prints
//    (scenario/replay-invocation.cjs). Any argv no invocation allows exits 99: the runner sent
//    something unexpected. For `docker run` the sandbox policy is enforced first.
// 2. A model of Verus and cargo (model/*.cjs, each rule citing the source it follows) decides
//    everything else: cargo-verus's command line, which packages get the forwarded Verus args, what
//    vstd prints when it gets them, rust_verify's option and selector errors, and cargo's freshness
//    (a fresh root prints no results document). When the root crate must be verified, the scenario's
//    output is replayed after what the model printed for the units before it; the scenario's exit
//    code is then the root unit's, and the fake exits as cargo does (0, or 101 for a failed unit).
// The fake reports its own version: `fake`, in `--version` and in every document it prints.
// Every invocation appends one JSON line to VERUS_REPAIR_FAKE_LOG when set: tool, argv, cwd, the files
// mounted into a container, and for cargo verus the packages verified and the target directory.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { FakeRefusal } = require('./scenario/fake-refusal.cjs');
const { matchInvocation, matchDockerRun, checkInvocation } = require('./scenario/match-invocation.cjs');
const { parseDockerRun, listMountedFiles } = require('./scenario/docker-sandbox-policy.cjs');
const { replayInvocation } = require('./scenario/replay-invocation.cjs');
const { countVerifiedFunctions } = require('./scenario/count-verified-functions.cjs');
const { runCargoVerus } = require('./model/run-cargo-verus.cjs');
const { runVerusDriver } = require('./model/run-verus-driver.cjs');

// Docker's own failures (the container never ran): 125 daemon/run error, 126 not executable, 127 not found.
const DOCKER_OWN_EXIT_CODES = new Set([125, 126, 127]);
function readScenario(directory) {
  if (directory === undefined) throw new FakeRefusal('VERUS_REPAIR_FAKE_SCENARIO is not set (was the environment passed through?)');
  try {
    return JSON.parse(fs.readFileSync(path.join(directory, 'scenario.json'), 'utf8'));
  } catch (error) {
    throw new FakeRefusal(`cannot read ${directory}/scenario.json: ${error.message}`);
  }
}

/** Runs the cargo verus model in `cwd` and prints its answer or replays the root's output. */
function answerCargoVerus(scenarioDir, invocation, argv, cwd, environment, record) {
  const model = runCargoVerus(argv, cwd, environment);
  if (model.unsupported) throw new FakeRefusal(`not modelled: ${model.unsupported}`);
  record(model.log);
  if (model.exit) {
    fs.writeSync(1, model.exit.stdout);
    fs.writeSync(2, model.exit.stderr);
    return { exitCode: model.exit.exitCode };
  }
  const sleepMs = invocation.timePerFunctionMs === undefined ? undefined : (invocation.sleepMs || 0) + invocation.timePerFunctionMs * countVerifiedFunctions(argv, cwd);
  replayInvocation(scenarioDir, invocation, { prelude: model.replay, sleepMs, underCargo: true, rootPackageId: model.rootPackageId, onFinish: model.finish });
  return null;
}

function answer(tool, argv, scenarioDir, record) {
  const scenario = readScenario(scenarioDir);
  const cwd = process.cwd();
  if (tool === 'docker' && argv[0] === 'run') {
    const run = parseDockerRun(argv.slice(1));
    const invocation = matchDockerRun(scenario, run);
    if (invocation === null) throw new FakeRefusal(`unexpected docker run command ${JSON.stringify(run.inner)}; scenario ${path.basename(scenarioDir)} allows ${JSON.stringify(scenario.invocations.filter((entry) => entry.subcommand === 'run').map((entry) => entry.argv))}`);
    checkInvocation(invocation, argv, process.env);
    const cargo = run.inner.findIndex((argument, index) => argument === 'cargo' && run.inner[index + 1] === 'verus');
    const mount = run.options.find(([name, value]) => (name === '-v' || name === '--volume') && value.split(':')[1] === '/work/crate');
    if (cargo < 0 || mount === undefined || DOCKER_OWN_EXIT_CODES.has(invocation.exitCode)) {
      record({});
      return replayInvocation(scenarioDir, invocation);
    }
    // The container's target directory is a fresh tmpfs: nothing is ever fresh there.
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-container-target-'));
    process.on('exit', () => fs.rmSync(target, { recursive: true, force: true }));
    return answerCargoVerus(scenarioDir, invocation, run.inner.slice(cargo + 1), mount[1].split(':')[0], { ...process.env, CARGO_TARGET_DIR: target }, record);
  }
  const invocation = matchInvocation(scenario, tool, argv, cwd);
  if (invocation === null) {
    throw new FakeRefusal(`unexpected argv ${JSON.stringify(argv)}; scenario ${path.basename(scenarioDir)} allows ${JSON.stringify(scenario.invocations.filter((entry) => entry.tool === tool).map((entry) => entry.argv))}`);
  }
  checkInvocation(invocation, argv, process.env);
  if (tool === 'cargo-verus') return answerCargoVerus(scenarioDir, invocation, argv, cwd, process.env, record);
  record({});
  if (tool === 'verus') {
    const model = runVerusDriver(argv, cwd);
    if (model.exit) {
      fs.writeSync(1, model.exit.stdout);
      fs.writeSync(2, model.exit.stderr);
      return { exitCode: model.exit.exitCode };
    }
    // The scenario may supply the version text only in an invocation written for `--version`.
    if (model.version && !(invocation.argv.includes('--version') && invocation.stdout !== undefined)) {
      fs.writeSync(1, model.version);
      return { exitCode: 0 };
    }
  }
  const sleepMs = invocation.timePerFunctionMs === undefined ? undefined : (invocation.sleepMs || 0) + invocation.timePerFunctionMs * countVerifiedFunctions(argv, cwd);
  return replayInvocation(scenarioDir, invocation, { sleepMs });
}

function runFake(tool) {
  const argv = process.argv.slice(2);
  const logFile = process.env.VERUS_REPAIR_FAKE_LOG;
  let logged = false;
  const record = (extra) => {
    if (logged || logFile === undefined) return;
    logged = true;
    fs.appendFileSync(logFile, `${JSON.stringify({ tool, argv, cwd: process.cwd(), mounted: listMountedFiles(tool, argv), ...extra })}\n`);
  };
  try {
    const done = answer(tool, argv, process.env.VERUS_REPAIR_FAKE_SCENARIO, record);
    if (done) process.exit(done.exitCode);
  } catch (error) {
    if (!(error instanceof FakeRefusal)) throw error;
    record({});
    process.stderr.write(`fake ${tool}: ${error.message}\n`);
    process.exit(99);
  }
}

module.exports = { runFake };
