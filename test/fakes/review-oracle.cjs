'use strict';
// The review oracle of the fake `cargo-verus` (synthetic: no real Verus runs). A scenario invocation
// with `"reviewOracle": "<dir>"` (relative to the scenario directory) answers from the checked
// crate's content instead of replaying files. The oracle is `<dir>/<package name>/review-oracle.json`
// and the original source is `<dir>/<package name>/src/lib.rs` (the fixture crate under rust-fixtures).
// The rule, documented in docs/review.md:
// 1. the checked src/lib.rs equals the original: verified (the fixtures' proofs are believed to verify);
// 1b. the checked src/lib.rs equals one of the files listed under `reproved` (relative to the oracle's
//    directory): verified. These are re-proofs of mutants (the mutant with a new proof), for `--reprove`;
// 2. a generated lemma `review_entails_<requires|ensures>_<f>` was added: verified iff the oracle lists
//    `<requires|ensures>:<f>` under `entailmentHolds`; a lemma `review_ensures_ignore_result_<f>`:
//    verified iff the oracle lists f under `ensuresIgnoreResult`;
// 3. an `assert(false)` was added in function f: verified iff f is under `contradictoryRequires`, or
//    `f:<line>` (line of the assert in the checked file) is under `unreachable`; else an assertion failure;
// 4. otherwise the exec code of function f changed (a mutant). Its key is `<first changed line>:
//    <original lines> => <mutated lines>` (trimmed). It verifies iff `functions[f].verifies` lists the
//    key; it fails with the recorded message iff `functions[f].fails` lists it. A mutant the oracle does
//    not list exits 99: every verdict is a recorded, hand-made prediction, never a default.
const fs = require('node:fs');
const path = require('node:path');

function readPackageName(crateDir) {
  const manifest = fs.readFileSync(path.join(crateDir, 'Cargo.toml'), 'utf8');
  const match = /^name\s*=\s*"([^"]+)"/m.exec(manifest);
  return match === null ? null : match[1];
}

function functionAt(lines, index) {
  for (let at = index; at >= 0; at--) {
    const match = /\bfn\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(lines[at]);
    if (match !== null) return { name: match[1], line: at };
  }
  return null;
}

function decide(oracle, original, checked, root) {
  if (original === checked) return { verified: true };
  if ((oracle.reproved || []).some((entry) => fs.readFileSync(path.join(root, entry.file), 'utf8') === checked)) return { verified: true };
  const { first, added, removed, after } = compareLines(original, checked);
  const entails = /fn\s+review_entails_(requires|ensures)_([A-Za-z0-9_]+)/.exec(added);
  if (entails !== null) {
    const key = `${entails[1]}:${entails[2]}`;
    return (oracle.entailmentHolds || []).includes(key) ? { verified: true } : { verified: false, message: 'postcondition not satisfied', line: first + 1, fn: `review_entails_${entails[1]}_${entails[2]}` };
  }
  const lemma = /fn\s+review_ensures_ignore_result_([A-Za-z0-9_]+)/.exec(added);
  if (lemma !== null) {
    return (oracle.ensuresIgnoreResult || []).includes(lemma[1]) ? { verified: true } : { verified: false, message: 'postcondition not satisfied', line: first + 1, fn: `review_ensures_ignore_result_${lemma[1]}` };
  }
  const owner = functionAt(after, first);
  if (owner === null) return { crash: `no function around line ${first + 1}` };
  if (added.includes('assert(false)') && !removed.includes('assert(false)')) {
    const line = first + 1 + after.slice(first).findIndex((text) => text.includes('assert(false)'));
    const vacuous = (oracle.contradictoryRequires || []).includes(owner.name) || (oracle.unreachable || []).includes(`${owner.name}:${line}`);
    return vacuous ? { verified: true } : { verified: false, message: 'assertion failed', line, fn: owner.name };
  }
  const entry = (oracle.functions || {})[owner.name];
  if (entry === undefined) return { crash: `the review oracle has no entry for function ${owner.name}` };
  const key = mutantKey(first, removed, added);
  if (LOG !== undefined) fs.appendFileSync(LOG, `${JSON.stringify({ oracleKey: key, function: owner.name })}\n`);
  if ((entry.verifies || []).includes(key)) return { verified: true };
  const failure = (entry.fails || []).find((item) => item.key === key);
  if (failure === undefined) return { crash: `the review oracle of ${owner.name} does not list the mutant ${JSON.stringify(key)}` };
  return { verified: false, message: failure.message, line: first + 1, fn: owner.name };
}

/** The changed lines of `checked` against `original`: the first differing line (0-based) and the differing runs on each side. */
function compareLines(original, checked) {
  const before = original.split('\n');
  const after = checked.split('\n');
  let first = 0;
  while (first < before.length && first < after.length && before[first] === after[first]) first++;
  let suffix = 0;
  while (suffix < before.length - first && suffix < after.length - first && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return { first, after, added: after.slice(first, after.length - suffix).join('\n'), removed: before.slice(first, before.length - suffix).join('\n') };
}

function mutantKey(first, removed, added) {
  return `${first + 1}: ${removed.trim()} => ${added.trim()}`;
}

/** The oracle key of a mutant and the function it lies in (rule 4), for tests that write an oracle for a crate of their own. */
function describeMutantForOracle(original, checked) {
  const { first, added, removed, after } = compareLines(original, checked);
  const owner = functionAt(after, first);
  return { key: mutantKey(first, removed, added), function: owner === null ? null : owner.name };
}

const LOG = process.env.VERUS_REPAIR_FAKE_LOG;

function render(crateName, verdict) {
  // The lib keeps the crate's name when the package is a renamed scratch copy (its [lib] name).
  const crate = crateName.replace(/-variant-[0-9a-f]{12}$/, '').replace(/-/g, '_');
  const lines = [];
  if (!verdict.verified) {
    const message = {
      $message_type: 'diagnostic',
      message: verdict.message,
      code: null,
      level: 'error',
      spans: [{ file_name: 'src/lib.rs', byte_start: 0, byte_end: 1, line_start: verdict.line, line_end: verdict.line, column_start: 1, column_end: 2, is_primary: true, text: [], label: 'synthetic verdict of the review oracle', suggested_replacement: null, suggestion_applicability: null, expansion: null }],
      children: [],
      rendered: `error: ${verdict.message}\n --> src/lib.rs:${verdict.line}:1\n\n`,
    };
    lines.push(JSON.stringify({ reason: 'compiler-message', package_id: `path+file:///work/build#${crateName}@0.1.0`, manifest_path: '/work/build/Cargo.toml', target: { kind: ['lib'], crate_types: ['lib'], name: crate, src_path: '/work/build/src/lib.rs', edition: '2021', doc: true, doctest: true, test: true }, message }));
  }
  const document = {
    'func-details': {},
    'verification-results': { 'encountered-error': !verdict.verified, 'encountered-vir-error': false, verified: verdict.verified ? 1 : 0, errors: verdict.verified ? 0 : 1, 'is-verifying-entire-crate': false },
    // Module names are the module path without the crate (V rust_verify/src/verifier.rs:396-398: '' is the root); modes print lower-case (vir/src/ast_util.rs:117-125).
    'times-ms': { total: 1, 'smt': { 'smt-run-module-times': [{ module: '', time: 1, rlimit: 1, 'function-breakdown': [{ function: `${crate}::${verdict.fn || 'review'}`, 'mode:': 'exec', time: 1, rlimit: 1, success: verdict.verified }] }] } },
    verus: require('./model/fake-build-info.cjs').fakeBuildInfo(),
  };
  lines.push(JSON.stringify(document, null, 2));
  lines.push(JSON.stringify({ reason: 'build-finished', success: verdict.verified }));
  // cargo's own lines on stderr; a failed crate makes cargo exit 101 (C core/compiler/mod.rs:452-477).
  const stderr = `    Checking ${crateName} v0.1.0 (/work/build)\n${verdict.verified ? '    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.10s' : `error: could not compile \`${crateName}\` (lib) due to 1 previous error`}\n`;
  return { stdout: `${lines.join('\n')}\n`, stderr, exitCode: verdict.verified ? 0 : 101 };
}

/** Answers one cargo-verus call from the oracle; returns { stdout, stderr, exitCode } or { error }. */
function answerFromOracle(scenarioDir, oracleDir, crateDir) {
  const name = readPackageName(crateDir);
  if (name === null) return { error: 'no package name in Cargo.toml' };
  // VERUS_REPAIR_FAKE_REVIEW_ROOT (when passed through) replaces the scenario's directory: a test's own oracle.
  // Scratch copies are renamed `<name>-variant-<digest>` (src/verifier/precheck/isolate-scratch-package.ts): the oracle is the crate's.
  const root = path.resolve(process.env.VERUS_REPAIR_FAKE_REVIEW_ROOT ?? path.resolve(scenarioDir, oracleDir), name.replace(/-variant-[0-9a-f]{12}$/, ''));
  let oracle;
  try {
    oracle = JSON.parse(fs.readFileSync(path.join(root, 'review-oracle.json'), 'utf8'));
  } catch (error) {
    return { error: `cannot read the review oracle of ${name}: ${error.message}` };
  }
  const verdict = decide(oracle, fs.readFileSync(path.join(root, 'src', 'lib.rs'), 'utf8'), fs.readFileSync(path.join(crateDir, 'src', 'lib.rs'), 'utf8'), root);
  if (verdict.crash !== undefined) return { error: verdict.crash };
  return render(name, verdict);
}

module.exports = { answerFromOracle, describeMutantForOracle };
