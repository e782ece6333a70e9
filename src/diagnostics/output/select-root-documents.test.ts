import { describe, expect, it } from 'vitest';
import { parseVerifierOutput } from '../parse-verifier-output.js';

// Synthetic cargo `--message-format=json` streams in the shape the pin prints: each `--output-json`
// document pretty-printed by the unit's `verus` wrapper (V rust_verify/src/main.rs:519-554), and a
// `compiler-artifact` line after a unit that succeeded (C core/compiler/mod.rs:213-237, 634-725).
const VSTD = 'registry+https://github.com/rust-lang/crates.io-index#vstd@0.0.0-2026-05-31-0205';
const ROOT = 'path+file:///work/build#runner_demo@0.1.0';
const ROOT_PACKAGE = { name: 'runner_demo', directory: '/work/build' };

function outputDocument(functions: Array<[name: string, success: boolean, rlimit: number]>, version: string): string {
  const errors = functions.filter(([, success]) => !success).length;
  const breakdown = functions.map(([name, success, rlimit]) => ({ function: name, 'mode:': 'Proof', time: 3, 'time-micros': 3120, rlimit, success }));
  return JSON.stringify(
    {
      'func-details': {},
      'verification-results': { 'encountered-error': errors > 0, 'encountered-vir-error': false, success: errors === 0, verified: functions.length - errors, errors, 'is-verifying-entire-crate': true },
      'times-ms': { smt: { 'smt-run-module-times': [{ module: functions[0]?.[0].split('::')[0] ?? 'm', time: 3, 'time-micros': 3120, rlimit: 1, 'function-breakdown': breakdown }] } },
      verus: { profile: 'release', version, platform: { os: 'linux', arch: 'x86_64' }, toolchain: '1.95.0-x86_64-unknown-linux-gnu', commit: 'cd03505' },
    },
    null,
    2,
  );
}

function artifact(packageId: string, fresh = false): string {
  return JSON.stringify({ reason: 'compiler-artifact', package_id: packageId, manifest_path: '/x/Cargo.toml', target: { kind: ['lib'], name: 'x' }, filenames: [], fresh });
}

function compilerMessage(packageId: string, message: string): string {
  const span = { file_name: 'src/lib.rs', byte_start: 1, byte_end: 2, line_start: 6, line_end: 6, column_start: 9, column_end: 20, is_primary: true, text: [], label: null };
  return JSON.stringify({ reason: 'compiler-message', package_id: packageId, target: { kind: ['lib'], name: 'x' }, message: { $message_type: 'diagnostic', message, code: null, level: 'error', spans: [span], children: [], rendered: `error: ${message}\n` } });
}

const vstdDocument = outputDocument([['vstd::seq::lemma_a', true, 900], ['vstd::set::lemma_b', true, 800]], '0.2026.06.07.cd03505-vstd');
const rootFailing = outputDocument([['runner_demo::add_one', false, 4100], ['runner_demo::lemmas::double', true, 2200]], '0.2026.06.07.cd03505');

describe('parseVerifierOutput under cargo: only the root crate\'s results document', () => {
  it('ignores the vstd document printed before the root\'s, also when the failing root has no artifact line', () => {
    const stdout = [vstdDocument, artifact(VSTD), compilerMessage(ROOT, 'postcondition not satisfied'), rootFailing, '{"reason":"build-finished","success":false}'].join('\n');
    const report = parseVerifierOutput({ stdout, stderr: '' }, { rootPackage: ROOT_PACKAGE });
    expect(report.functions.map((outcome) => [outcome.function, outcome.success, outcome.rlimit])).toEqual([['runner_demo::add_one', false, 4100], ['runner_demo::lemmas::double', true, 2200]]);
    expect(report.outputJson?.verificationResults).toMatchObject({ success: false, errors: 1 });
    expect(report.verusVersion).toBe('0.2026.06.07.cd03505');
    // A panicking root prints its document with neither a diagnostic nor an artifact line after it.
    const panicked = parseVerifierOutput({ stdout: [vstdDocument, artifact(VSTD), rootFailing].join('\n'), stderr: '' }, { rootPackage: ROOT_PACKAGE });
    expect(panicked.functions.map((outcome) => outcome.function)).toEqual(['runner_demo::add_one', 'runner_demo::lemmas::double']);
  });

  it('attributes a document to the unit whose artifact follows it, whatever their order', () => {
    const rootVerified = outputDocument([['runner_demo::add_one', true, 10]], '0.2026.06.07.cd03505');
    const failingVstd = outputDocument([['vstd::seq::lemma_a', false, 900]], 'vstd-build');
    const report = parseVerifierOutput({ stdout: [failingVstd, artifact(VSTD), rootVerified, artifact(ROOT)].join('\n'), stderr: '' }, { rootPackage: ROOT_PACKAGE });
    expect(report.outputJson?.verificationResults).toMatchObject({ success: true, errors: 0 });
    expect(report.functions.map((outcome) => outcome.function)).toEqual(['runner_demo::add_one']);
  });

  it('has no document when only other packages printed one (a root cargo considered fresh)', () => {
    const report = parseVerifierOutput({ stdout: [vstdDocument, artifact(VSTD), artifact(ROOT, true)].join('\n'), stderr: '' }, { rootPackage: ROOT_PACKAGE });
    expect(report.outputJson).toBeNull();
    expect(report.functions).toEqual([]);
    expect(report.verusVersion).toBeNull();
  });

  it('recognises the root by its directory when its name is unknown, and by the name cargo omits when it matches the directory', () => {
    const byDirectory = parseVerifierOutput({ stdout: [vstdDocument, artifact(VSTD), rootFailing, artifact(ROOT)].join('\n'), stderr: '' }, { rootPackage: { name: null, directory: '/work/build' } });
    expect(byDirectory.functions).toHaveLength(2);
    const implicitName = 'path+file:///home/me/runner_demo#0.1.0';
    const byName = parseVerifierOutput({ stdout: [vstdDocument, artifact(VSTD), rootFailing, artifact(implicitName)].join('\n'), stderr: '' }, { rootPackage: { name: 'runner_demo', directory: null } });
    expect(byName.functions).toHaveLength(2);
  });

  it('combines the documents of the root\'s targets (lib and bin) without mixing in other packages', () => {
    const bin = outputDocument([['runner_demo::main', true, 5]], '0.2026.06.07.cd03505');
    const report = parseVerifierOutput({ stdout: [vstdDocument, artifact(VSTD), rootFailing, artifact(ROOT), bin, artifact(ROOT)].join('\n'), stderr: '' }, { rootPackage: ROOT_PACKAGE });
    expect(report.functions.map((outcome) => outcome.function)).toEqual(['runner_demo::add_one', 'runner_demo::lemmas::double', 'runner_demo::main']);
    expect(report.outputJson?.verificationResults).toMatchObject({ encounteredError: true, success: false, verified: 2, errors: 1 });
  });

  it('falls back to the last document when nothing says which package printed it', () => {
    const report = parseVerifierOutput({ stdout: [vstdDocument, rootFailing].join('\n'), stderr: '' }, { rootPackage: ROOT_PACKAGE });
    expect(report.functions.map((outcome) => outcome.function)).toEqual(['runner_demo::add_one', 'runner_demo::lemmas::double']);
    const withoutRoot = parseVerifierOutput({ stdout: [vstdDocument, artifact(VSTD), rootFailing, artifact(ROOT)].join('\n'), stderr: '' });
    expect(withoutRoot.functions.map((outcome) => outcome.function)).toEqual(['runner_demo::add_one', 'runner_demo::lemmas::double']);
  });
});
