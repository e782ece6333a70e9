import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { VerifierReport } from '../../diagnostics/verifier-report.js';
import type { VerificationResultsBlock } from '../../diagnostics/output/verus-output-json.js';
import type { ProcessOutcome } from '../run/process-outcome.js';
import { classifyVerifierRun, type RunContext } from './classify-verifier-run.js';

const context: RunContext = {
  command: ['verus', 'lib.rs'],
  tool: 'verus',
  toolchain: { pinHash: 'abc', imageDigest: null },
  hints: { runner: 'local', imageTag: null },
  viaCargo: false,
  origin: { kind: 'local', tool: 'verus', program: '/opt/verus/verus', verusVersion: '0.2026.06.07.cd03505' },
};

function exited(exitCode: number | null, stdout = '', stderr = '', signal: string | null = null): Extract<ProcessOutcome, { kind: 'exited' }> {
  const captured = (text: string) => ({ text, totalBytes: text.length, omittedBytes: 0 });
  return { kind: 'exited', exitCode, signal, stdout: captured(stdout), stderr: captured(stderr), wallTimeMs: 42 };
}

function report(results: Partial<VerificationResultsBlock> | null, diagnostics: Diagnostic[] = []): VerifierReport {
  const block = results === null ? null : { encounteredError: false, encounteredVirError: false, success: true, verified: 1, errors: 0, isVerifyingEntireCrate: true, ...results };
  return {
    diagnostics,
    summary: null,
    outputJson: block === null ? null : { verificationResults: block, verus: null, raw: {} },
    functions: [{ function: 'lib::f', module: 'lib', mode: 'Exec', success: block?.errors === 0, timeMs: 1, rlimit: 1 }],
    verusVersion: block === null ? null : '0.2026.06.07.cd03505',
    unparsedLineCount: 0,
  };
}

const underCargo: RunContext = { ...context, command: ['cargo', 'verus', 'verify'], tool: 'cargo-verus', viaCargo: true };

function diagnostic(kind: Diagnostic['kind'], severity: Diagnostic['severity'] = 'error'): Diagnostic {
  return { kind, message: kind, severity, code: null, origin: 'verus', primary: null, secondary: [], notes: [], expansion: null, function: null, location: null };
}

describe('classifyVerifierRun', () => {
  it('is verified only with a clean verification-results block and exit 0', () => {
    const result = classifyVerifierRun(exited(0), report({}), context);
    expect(result).toMatchObject({ status: 'verified', command: ['verus', 'lib.rs'], wallTimeMs: 42, toolchain: { verusVersion: '0.2026.06.07.cd03505', pinHash: 'abc' } });
  });

  it('is failed when the block reports errors, whatever the exit code says', () => {
    expect(classifyVerifierRun(exited(0), report({ encounteredError: true, success: false, errors: 1 }), context).status).toBe('failed');
    expect(classifyVerifierRun(exited(1), report({ encounteredError: true, success: false, errors: 1 }, [diagnostic('postcondition')]), context)).toMatchObject({
      status: 'failed',
      diagnostics: [expect.objectContaining({ kind: 'postcondition' })],
    });
    expect(classifyVerifierRun(exited(1), report({ encounteredVirError: true, success: null, verified: null, errors: null }, [diagnostic('well-formedness')]), context).status).toBe('failed');
  });

  it('gives no verdict for an error it cannot place: no verification error in the document, no diagnostic it knows', () => {
    // A document that says only `encountered-error` (rust_verify catches a panic and prints one, V rust_verify/src/main.rs:526-529).
    expect(classifyVerifierRun(exited(1), report({ encounteredError: true, success: false, errors: 0 }), context)).toMatchObject({ status: 'crashed', exitCode: 1, reason: 'unrecognised-error' });
    expect(classifyVerifierRun(exited(1), report({ encounteredVirError: true, success: null, verified: null, errors: null }), context)).toMatchObject({ status: 'crashed', reason: 'unrecognised-error' });
    // A message no rule knows, printed without a place in the code (`error: ...` from a tool), with or without a document.
    expect(classifyVerifierRun(exited(1, '', 'error: something new broke\n'), report(null, [diagnostic('unknown')]), context)).toMatchObject({ status: 'crashed', reason: 'unrecognised-error' });
    expect(classifyVerifierRun(exited(101), report({ encounteredError: true, success: false, errors: 0 }, [diagnostic('unknown')]), underCargo)).toMatchObject({ status: 'crashed', reason: 'unrecognised-error' });
    // An unknown message rustc or Verus printed at a place in the crate is still a diagnostic of the code.
    const located: Diagnostic = { ...diagnostic('unknown'), primary: { file: 'src/lib.rs', line: 3, column: 5, lineEnd: 3, columnEnd: 9, byteStart: null, byteEnd: null, label: null, sourceText: null } };
    expect(classifyVerifierRun(exited(1), report(null, [located]), context).status).toBe('failed');
    // The document's own count of verification errors is a verdict without any diagnostic (the diagnostics cap may have cut them).
    expect(classifyVerifierRun(exited(1), report({ encounteredError: true, success: false, errors: 2 }), context).status).toBe('failed');
  });

  it('accepts partial verification, which has no success key', () => {
    expect(classifyVerifierRun(exited(0), report({ success: null, isVerifyingEntireCrate: false }), context).status).toBe('verified');
  });

  it('never trusts exit 0 alone: no result document means crashed', () => {
    expect(classifyVerifierRun(exited(0, 'random words\n'), report(null), context)).toMatchObject({ status: 'crashed', reason: 'garbage-output' });
    expect(classifyVerifierRun(exited(0), report(null), context)).toMatchObject({ status: 'crashed', reason: 'exit-without-result' });
  });

  it('is crashed for a clean block with a failing exit and no errors, a signal, or only a Verus panic', () => {
    expect(classifyVerifierRun(exited(101), report({}), context)).toMatchObject({ status: 'crashed', reason: 'contradictory-result' });
    expect(classifyVerifierRun(exited(null, '', '', 'SIGSEGV'), report(null), context)).toMatchObject({ status: 'crashed', signal: 'SIGSEGV', reason: 'killed-by-signal' });
    expect(classifyVerifierRun(exited(101, '', 'thread panicked'), report(null, [diagnostic('verus-panic')]), context)).toMatchObject({ status: 'crashed', stderrTail: 'thread panicked' });
  });

  it('is failed for compile errors that stop Verus before any result', () => {
    expect(classifyVerifierRun(exited(1), report(null, [diagnostic('rustc-type')]), context).status).toBe('failed');
  });

  it('keeps what was parsed when the run timed out', () => {
    const outcome: ProcessOutcome = { ...exited(null), kind: 'timed-out', timeoutMs: 900 };
    expect(classifyVerifierRun(outcome, report(null, [diagnostic('assertion')]), context)).toMatchObject({ status: 'timeout', timeoutMs: 900, diagnostics: [expect.objectContaining({ kind: 'assertion' })] });
  });

  it('maps a program that cannot start to an actionable toolchain error', () => {
    const outcome: ProcessOutcome = { ...exited(null), kind: 'spawn-failed', errorCode: 'ENOENT', message: 'spawn verus ENOENT' };
    expect(classifyVerifierRun(outcome, report(null), context)).toMatchObject({ status: 'toolchain-error', problem: 'verus-not-found' });
    expect(classifyVerifierRun(outcome, report(null), { ...context, tool: 'docker', command: ['docker'] })).toMatchObject({ status: 'toolchain-error', problem: 'docker-unreachable' });
    const denied: ProcessOutcome = { ...outcome, errorCode: 'EACCES' };
    expect(classifyVerifierRun(denied, report(null), context)).toMatchObject({ status: 'crashed', reason: 'spawn-failed' });
  });

  it.each([
    ['verus: required rust toolchain 1.95.0-x86_64-unknown-linux-gnu not found', 'rust-toolchain-missing', 'rustup install 1.95.0-x86_64-unknown-linux-gnu'],
    ['error: expected z3 version 4.12.5, found 4.16.0', 'z3-version-mismatch', 'VERUS_Z3_PATH'],
    ['docker: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?', 'docker-unreachable', '--local'],
    ["Unable to find image 'verus-repair/verus:x' locally", 'image-missing', 'verus-repair toolchain build'],
    ['docker: Error response from daemon: No such image: verus-repair/verus:x', 'image-missing', 'verus-repair toolchain build'],
    ['error: no such command: `verus`', 'cargo-verus-not-found', 'cargo_verus_path'],
    ['error: Verus installation is incomplete; missing components:\n  vstd.vir', 'verus-incomplete', 'vstd.vir'],
    // V verus/src/main.rs:147-150 (the launcher, before it runs rustup), and V rust_verify/src/cargo_verus.rs:145,174 with verifier.rs:3051-3052 (exit 1, no document).
    ['verus: rustup not found, or not executable\nverus needs a rustup installation', 'rust-toolchain-missing', 'rustup'],
    ["Error: could not find .vir file for 'vstd'", 'verus-incomplete', 'cargo clean -p vstd'],
  ])('recognises %j as %s with a fix', (stderr, problem, fix) => {
    const result = classifyVerifierRun(exited(1, '', stderr), report(null), { ...context, hints: { runner: 'docker', imageTag: 'verus-repair/verus:x' } });
    expect(result).toMatchObject({ status: 'toolchain-error', problem });
    if (result.status === 'toolchain-error') expect(result.message).toContain(fix);
  });

  it('under cargo, exit 0 without a results document is its own reason: the crate was fresh', () => {
    const cargoOutput = '{"reason":"compiler-artifact","package_id":"path+file:///c#0.1.0","fresh":true}\n{"reason":"build-finished","success":true}\n';
    expect(classifyVerifierRun(exited(0, cargoOutput, '    Finished `dev` profile\n'), report(null), underCargo)).toMatchObject({ status: 'crashed', exitCode: 0, reason: 'no-results-document' });
    expect(classifyVerifierRun(exited(0, cargoOutput), report(null), context)).toMatchObject({ status: 'crashed', reason: 'garbage-output' });
  });

  it('is crashed, not failed, when Verus panicked, even though a results document came with it', () => {
    const panicking = report({ encounteredError: true, success: false, errors: 0 }, [diagnostic('verus-panic')]);
    expect(classifyVerifierRun(exited(1, '', "thread '<unnamed>' (28777) panicked at air/src/smt_process.rs:93:17:\nGot too many empty lines!\n"), panicking, context)).toMatchObject({ status: 'crashed', exitCode: 1, reason: 'verus-panicked' });
    expect(classifyVerifierRun(exited(101, '', ''), report({ encounteredError: true, success: false, errors: 1 }, [diagnostic('postcondition'), diagnostic('verus-internal-error')]), underCargo)).toMatchObject({ status: 'crashed', exitCode: 101, reason: 'verus-panicked' });
    // Only the stderr line, no parsed diagnostic (it can be cut by the diagnostics cap).
    const stderr = "error: postcondition not satisfied\nthread 'rustc' panicked at rust_verify/src/verifier.rs:2217:29:\nworker thread panicked\n";
    expect(classifyVerifierRun(exited(101, '', stderr), report({ encounteredError: true, success: false, errors: 1 }, [diagnostic('postcondition')]), underCargo)).toMatchObject({ status: 'crashed', reason: 'verus-panicked' });
  });

  it('keeps the Z3 version mismatch, whose message ends in a panic, a toolchain error', () => {
    const stderr = 'error: expected z3 version 4.12.5, found 4.16.0\nthread \'<unnamed>\' panicked at air/src/smt_verify.rs:30:9:\nThe verifier expects z3 version "4.12.5", found version "4.16.0"\n';
    expect(classifyVerifierRun(exited(1, '', stderr), report({ encounteredError: true, success: false }, [diagnostic('solver-version'), diagnostic('verus-panic')]), context)).toMatchObject({ status: 'toolchain-error', problem: 'z3-version-mismatch' });
  });

  it.each([
    ['error: could not execute z3 process (No such file or directory (os error 2))\nhelp: z3 needs to be in the PATH, or the environment variable VERUS_Z3_PATH must be set to the path of the z3 executable', 'z3-not-executable', 'VERUS_Z3_PATH'],
    ['error: did not find a valid verusroot', 'verus-root-missing', 'verus-root'],
  ])('recognises %j (exit 128, or cargo\'s 101 around it) as %s', (stderr, problem, fix) => {
    for (const [exitCode, run] of [[128, context], [101, underCargo]] as const) {
      const result = classifyVerifierRun(exited(exitCode, '', stderr), report(null), run);
      expect(result).toMatchObject({ status: 'toolchain-error', problem });
      if (result.status === 'toolchain-error') expect(result.message).toContain(fix);
    }
  });
});
