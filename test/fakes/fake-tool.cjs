'use strict';
// Fake `verus`, `cargo-verus` and `docker` for tests (synthetic: no real Verus or Docker is involved).
//
// The scenario directory is named by VERUS_REPAIR_FAKE_SCENARIO; its scenario.json lists the
// invocations a test allows. Each has `tool`, an `argv` pattern list (literal strings, "/regex/",
// and a final "..." allowing any further arguments), `forbidArgs` patterns no argument may match,
// optional `whenSource` ({file, contains, lacks}: match only when the checked crate's file does),
// optional `env` checks (value, "/regex/", or
// null for "must be absent"), what to replay (`stdout`/`stderr` files in the scenario directory,
// `exitCode`) or `reviewOracle` (a directory; see review-oracle.cjs), and behaviours: `hang`, `sleepMs`, `hugeOutputBytes`, `spawnMarkerChildAfterMs`.
// Any argv no invocation matches exits 99 with a message: the runner sent something unexpected.
// For `docker run`, the fake first enforces the sandbox policy on the docker options, then matches
// the command after the image against `argv`. Every invocation is appended as a JSON line to
// VERUS_REPAIR_FAKE_LOG when set, so tests can count them.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');

function fail(message) {
  process.stderr.write(`fake ${TOOL}: ${message}\n`);
  process.exit(99);
}

let TOOL = 'tool';

function matchesPattern(pattern, value) {
  if (typeof pattern !== 'string') return false;
  if (pattern.length > 1 && pattern.startsWith('/') && pattern.endsWith('/')) return new RegExp(pattern.slice(1, -1)).test(value);
  return pattern === value;
}

function matchesArgv(patterns, argv) {
  const open = patterns[patterns.length - 1] === '...';
  const fixed = open ? patterns.slice(0, -1) : patterns;
  if (open ? argv.length < fixed.length : argv.length !== fixed.length) return false;
  return fixed.every((pattern, index) => matchesPattern(pattern, argv[index]));
}

function checkEnvironment(expected) {
  for (const [name, pattern] of Object.entries(expected || {})) {
    const value = process.env[name];
    if (pattern === null) {
      if (value !== undefined) fail(`environment variable ${name} must not be passed, got ${JSON.stringify(value)}`);
    } else if (value === undefined || !matchesPattern(pattern, value)) {
      fail(`environment variable ${name}: expected ${pattern}, got ${JSON.stringify(value)}`);
    }
  }
}

const DOCKER_VALUE_OPTIONS = new Set(['--pull', '--network', '--name', '--label', '--user', '--cap-drop', '--security-opt', '--memory', '--memory-swap', '--pids-limit', '--cpus', '-v', '--volume', '--tmpfs', '-e', '--env', '-w', '--workdir', '--mount']);
const DOCKER_FLAG_OPTIONS = new Set(['--rm', '--privileged', '--init', '-i', '-t']);
const CONTAINER_ENV_ALLOWED = new Set(['CARGO_TARGET_DIR', 'CARGO_NET_OFFLINE', 'CARGO_TERM_COLOR']);
const SENSITIVE = /(^|\/)(\.ssh|\.aws|\.config|\.docker|\.cargo|\.gnupg|\.kube)(\/|$)|credentials/;

// Enforces the sandbox every verifier container must have; returns { options, image, inner }.
function parseDockerRun(args) {
  const options = [];
  let index = 0;
  while (index < args.length && args[index].startsWith('-')) {
    const name = args[index];
    if (DOCKER_FLAG_OPTIONS.has(name)) {
      options.push([name, true]);
      index += 1;
    } else if (DOCKER_VALUE_OPTIONS.has(name)) {
      if (index + 1 >= args.length) fail(`docker option ${name} has no value`);
      options.push([name, args[index + 1]]);
      index += 2;
    } else {
      fail(`unexpected docker run option ${name}`);
    }
  }
  const image = args[index];
  if (image === undefined) fail('docker run without an image');
  const values = (name) => options.filter(([option]) => option === name).map(([, value]) => value);
  const one = (name) => values(name)[0];
  if (values('--rm').length !== 1) fail('docker run must pass --rm');
  if (values('--privileged').length > 0) fail('docker run must not be --privileged');
  if (one('--network') !== 'none') fail(`docker run must pass --network none, got ${one('--network')}`);
  if (one('--pull') !== 'never') fail('docker run must pass --pull never');
  if (!/^verus-repair-[0-9a-z]+-\d+$/.test(one('--name') || '')) fail(`container name must be verus-repair-<runid>-<n>, got ${one('--name')}`);
  if (!values('--label').includes('verus-repair=1')) fail('docker run must pass --label verus-repair=1');
  const user = one('--user') || '';
  if (!/^\d+(:\d+)?$/.test(user) || /^0(:|$)/.test(user)) fail(`docker run must pass a numeric non-root --user, got ${JSON.stringify(user)}`);
  if (one('--cap-drop') !== 'ALL') fail('docker run must pass --cap-drop ALL');
  for (const limit of ['--memory', '--pids-limit', '--cpus']) if (one(limit) === undefined) fail(`docker run must pass ${limit}`);
  if (values('--mount').length > 0) fail('docker run must not use --mount');
  const home = process.env.HOME;
  for (const volume of [...values('-v'), ...values('--volume')]) {
    const [source, target, mode] = volume.split(':');
    if (mode !== 'ro') fail(`every mount must be read-only, got ${volume}`);
    if (home !== undefined && path.resolve(source) === path.resolve(home)) fail(`the home directory must never be mounted: ${volume}`);
    if (SENSITIVE.test(source) || source === '/' || source.includes('docker.sock')) fail(`sensitive mount source ${source}`);
    if (target !== '/work/crate') fail(`unexpected mount target ${target}`);
    if (!fs.existsSync(source) || !fs.statSync(source).isDirectory()) fail(`mount source ${source} is not an existing directory`);
  }
  const tmpfs = values('--tmpfs');
  if (!tmpfs.some((entry) => /^\/work\/target:rw,exec/.test(entry))) fail('docker run must put /work/target on a tmpfs (rw,exec)');
  for (const variable of [...values('-e'), ...values('--env')]) {
    const name = variable.split('=')[0];
    if (!CONTAINER_ENV_ALLOWED.has(name)) fail(`environment variable ${name} is not on the container allow-list`);
  }
  if (!values('-e').includes('CARGO_TARGET_DIR=/work/target')) fail('docker run must set CARGO_TARGET_DIR=/work/target');
  return { options, image, inner: args.slice(index + 1) };
}

const MODULE_PATH = /^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$/;

// Partial-verification selectors as real Verus accepts them (../shared/verus-facts.md §3):
// `cargo verus verify` rejects every selector ("Partial verification must use `cargo verus focus`");
// `focus` needs exactly one module selector (`--verify-only-module M` or `--verify-root`; verus-repair
// runs one focus per module); `--verify-function` only with `--verify-only-module` or `--verify-root`.
// Returns the Verus-style error, or null when the selectors are well formed.
function checkSelectors(tool, argv) {
  let subcommand = null;
  let verusArgs = argv;
  if (tool === 'cargo-verus') {
    if (argv[0] !== 'verus') return null;
    subcommand = argv[1];
    const separator = argv.indexOf('--');
    verusArgs = separator < 0 ? [] : argv.slice(separator + 1);
  }
  const valuesOf = (name) => verusArgs.flatMap((argument, index) => (argument === name ? [verusArgs[index + 1]] : []));
  const roots = verusArgs.filter((argument) => argument === '--verify-root').length;
  const onlyModules = valuesOf('--verify-only-module');
  const modules = valuesOf('--verify-module');
  const functions = valuesOf('--verify-function');
  const selectors = roots + onlyModules.length + modules.length;
  if (selectors + functions.length === 0) return subcommand === 'focus' ? 'cargo verus focus without a module selector: pass --verify-only-module M or --verify-root' : null;
  if (subcommand === 'verify') return 'Partial verification must use `cargo verus focus`';
  for (const module of [...onlyModules, ...modules]) if (module === undefined || !MODULE_PATH.test(module) || /^(crate|self|super)(::|$)/.test(module)) return `could not find module ${module} specified by --verify-module or --verify-only-module`;
  if (functions.length > 1) return '--verify-function given more than once';
  if (functions.length === 1 && modules.length > 0) return 'When using --verify-function, use --verify-only-module instead of --verify-module';
  if (functions.length === 1 && onlyModules.length + roots === 0) return '--verify-function option requires --verify-only-module or --verify-root';
  if (subcommand === 'focus' && selectors !== 1) return `exactly one module selector per focus run, got ${selectors}`;
  if (functions.length === 1 && (functions[0] === undefined || functions[0] === '' || functions[0].startsWith('-'))) return 'could not find function specified by --verify-function';
  return null;
}

// `timePerFunctionMs`: sleep that long for every function the run verifies (all `fn` items under
// src/ for a crate, those of the module's file for --verify-only-module/--verify-root, one for
// --verify-function), so benchmarks see a verifier whose time follows how much it verifies.
function countVerifiedFunctions(argv) {
  const separator = argv.indexOf('--');
  const verusArgs = separator < 0 ? [] : argv.slice(separator + 1);
  const countIn = (file) => {
    try {
      return (fs.readFileSync(file, 'utf8').match(/\bfn\s+[A-Za-z_][A-Za-z0-9_]*/g) || []).length;
    } catch {
      return 0;
    }
  };
  if (verusArgs.includes('--verify-function')) return 1;
  const moduleIndex = verusArgs.indexOf('--verify-only-module');
  if (moduleIndex >= 0) {
    const relative = (verusArgs[moduleIndex + 1] || '').split('::').join('/');
    return countIn(path.join('src', `${relative}.rs`)) || countIn(path.join('src', relative, 'mod.rs'));
  }
  if (verusArgs.includes('--verify-root')) return countIn(path.join('src', 'lib.rs'));
  let total = 0;
  const walk = (directory) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(directory, entry.name));
      else if (entry.name.endsWith('.rs')) total += countIn(path.join(directory, entry.name));
    }
  };
  if (fs.existsSync('src')) walk('src');
  return total;
}

function selectInvocation(scenario, tool, argv) {
  const candidates = scenario.invocations.filter((invocation) => invocation.tool === tool);
  if (tool === 'docker' && argv[0] === 'run') {
    const run = parseDockerRun(argv.slice(1));
    for (const invocation of candidates.filter((entry) => entry.subcommand === 'run')) {
      if (invocation.image !== undefined && !matchesPattern(invocation.image, run.image)) continue;
      if (matchesArgv(invocation.argv, run.inner)) return invocation;
    }
    return null;
  }
  return candidates.find((invocation) => invocation.subcommand !== 'run' && matchesArgv(invocation.argv, argv) && matchesSource(invocation.whenSource)) || null;
}

// `whenSource: {file, contains}` picks an invocation by what the checked crate holds (relative to
// the working directory), so one scenario can answer different candidates differently.
function matchesSource(condition) {
  if (condition === undefined) return true;
  let text;
  try {
    text = fs.readFileSync(path.join(process.cwd(), condition.file), 'utf8');
  } catch {
    return false;
  }
  return (condition.contains === undefined || text.includes(condition.contains)) && (condition.lacks === undefined || !text.includes(condition.lacks));
}

function replay(scenarioDir, invocation) {
  if (invocation.reviewOracle !== undefined) {
    const answer = require('./review-oracle.cjs').answerFromOracle(scenarioDir, invocation.reviewOracle, process.cwd());
    if (answer.error !== undefined) fail(answer.error);
    const emit = () => {
      fs.writeSync(1, answer.stdout);
      process.exit(answer.exitCode);
    };
    if (invocation.sleepMs) setTimeout(emit, invocation.sleepMs);
    else emit();
    return;
  }
  if (invocation.spawnMarkerChildAfterMs !== undefined) {
    const marker = process.env.VERUS_REPAIR_FAKE_MARKER;
    if (marker === undefined) fail('spawnMarkerChildAfterMs needs VERUS_REPAIR_FAKE_MARKER');
    const script = `require('fs').writeFileSync(${JSON.stringify(`${marker}.pid`)}, String(process.pid)); setTimeout(() => require('fs').writeFileSync(${JSON.stringify(marker)}, 'late'), ${invocation.spawnMarkerChildAfterMs});`;
    spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  }
  const writeAll = () => {
    if (invocation.hugeOutputBytes) {
      const line = `${'x'.repeat(1023)}\n`;
      let remaining = invocation.hugeOutputBytes;
      const block = line.repeat(64);
      while (remaining > 0) {
        const piece = remaining >= block.length ? block : block.slice(0, remaining);
        fs.writeSync(1, piece);
        remaining -= piece.length;
      }
      fs.writeSync(1, '\n');
    }
    if (invocation.stdout) fs.writeSync(1, fs.readFileSync(path.join(scenarioDir, invocation.stdout)));
    if (invocation.stderr) fs.writeSync(2, fs.readFileSync(path.join(scenarioDir, invocation.stderr)));
    if (invocation.hang) {
      setInterval(() => {}, 1000);
      return;
    }
    process.exit(invocation.exitCode === undefined ? 0 : invocation.exitCode);
  };
  if (invocation.sleepMs) setTimeout(writeAll, invocation.sleepMs);
  else writeAll();
}

// For `docker run`: the files under each -v source, so tests can check exactly what was mounted.
function listMountedFiles(tool, argv) {
  if (tool !== 'docker' || argv[0] !== 'run') return undefined;
  const listing = {};
  argv.forEach((argument, index) => {
    if (argument !== '-v' || argv[index + 1] === undefined) return;
    const source = argv[index + 1].split(':')[0];
    const walk = (directory, prefix) => {
      for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(directory, entry.name), `${prefix}${entry.name}/`);
        else listing[source] = [...(listing[source] || []), `${prefix}${entry.name}`];
      }
    };
    if (fs.existsSync(source)) walk(source, '');
  });
  return listing;
}

function runFake(tool) {
  TOOL = tool;
  const argv = process.argv.slice(2);
  const log = process.env.VERUS_REPAIR_FAKE_LOG;
  if (log !== undefined) fs.appendFileSync(log, `${JSON.stringify({ tool, argv, cwd: process.cwd(), mounted: listMountedFiles(tool, argv) })}\n`);
  const scenarioDir = process.env.VERUS_REPAIR_FAKE_SCENARIO;
  if (scenarioDir === undefined) fail('VERUS_REPAIR_FAKE_SCENARIO is not set (was the environment passed through?)');
  let scenario;
  try {
    scenario = JSON.parse(fs.readFileSync(path.join(scenarioDir, 'scenario.json'), 'utf8'));
  } catch (error) {
    fail(`cannot read ${scenarioDir}/scenario.json: ${error.message}`);
  }
  const selectorError = checkSelectors(tool, argv);
  if (selectorError !== null) fail(`error: ${selectorError} (argv ${JSON.stringify(argv)})`);
  const invocation = selectInvocation(scenario, tool, argv);
  if (invocation === null) {
    fail(`unexpected argv ${JSON.stringify(argv)}; scenario ${path.basename(scenarioDir)} allows ${JSON.stringify(scenario.invocations.filter((entry) => entry.tool === tool).map((entry) => entry.argv))}`);
  }
  for (const forbidden of invocation.forbidArgs || []) {
    const hit = argv.find((argument) => matchesPattern(forbidden, argument));
    if (hit !== undefined) fail(`argument ${JSON.stringify(hit)} must not be sent (forbidden by ${forbidden})`);
  }
  checkEnvironment(invocation.env);
  if (invocation.timePerFunctionMs !== undefined) {
    replay(scenarioDir, { ...invocation, sleepMs: (invocation.sleepMs || 0) + invocation.timePerFunctionMs * countVerifiedFunctions(argv) });
  } else {
    replay(scenarioDir, invocation);
  }
}

module.exports = { runFake };
