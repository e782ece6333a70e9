/**
 * Builds SYNTHETIC `cargo verus verify --message-format=json -- --output-json --time` output for a
 * source file: compiler-message JSON lines with exact rustc coordinates for each predicted error,
 * then the `--output-json` document with per-function results, then cargo's build-finished line;
 * cargo's own status lines on stderr. Used to write the demo's recorded verifier outputs; no real
 * Verus produced any of it, and the recordings say so. Shapes follow the pinned release
 * (release/0.2026.06.07.cd03505, cargo 0.96): with --output-json Verus prints no
 * `verification results::` line (V rust_verify/src/verifier.rs:3331-3345), modes print lower-case
 * (vir/src/ast_util.rs:117-125), the root module is named "" (verifier.rs:396-398), and cargo exits
 * 101 for a failed crate (C core/compiler/mod.rs:452-477).
 */
export interface SyntheticError {
  message: string;
  /** Text whose first occurrence in the source is the primary span. */
  anchor: string;
  label: string | null;
}

export interface SyntheticRun {
  crate: string;
  file: string;
  source: string;
  errors: SyntheticError[];
  functions: Array<{ name: string; success: boolean }>;
}

export function buildSyntheticVerusOutput(run: SyntheticRun): { stdout: string; stderr: string; exitCode: number } {
  const lines = run.errors.map((error) => JSON.stringify({
    reason: 'compiler-message',
    package_id: `path+file:///work/crate#${run.crate}@0.1.0`,
    target: { kind: ['lib'], name: run.crate.replace(/-/g, '_') },
    message: diagnostic(run, error),
  }));
  const failed = run.functions.filter((fn) => !fn.success).length;
  const outputJson = {
    'func-details': {},
    'verification-results': { 'encountered-error': run.errors.length > 0, 'encountered-vir-error': false, success: run.errors.length === 0, verified: run.functions.length - failed, errors: run.errors.length, 'is-verifying-entire-crate': true },
    'times-ms': {
      smt: {
        'smt-run-module-times': [{
          module: '', time: 40, 'time-micros': 40000, rlimit: 500 * run.functions.length,
          'function-breakdown': run.functions.map((fn) => ({ function: `${run.crate.replace(/-/g, '_')}::${fn.name}`, 'mode:': 'exec', time: 20, 'time-micros': 20000, rlimit: 500, success: fn.success })),
        }],
      },
    },
    verus: { profile: 'release', version: '0.2026.06.07.cd03505', platform: { os: 'linux', arch: 'x86_64' }, toolchain: '1.95.0-x86_64-unknown-linux-gnu', commit: 'cd03505' },
  };
  const ok = run.errors.length === 0;
  const errors = run.errors.length === 1 ? ' due to 1 previous error' : ` due to ${run.errors.length} previous errors`;
  const status = ok ? '    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.52s' : `error: could not compile \`${run.crate}\` (lib)${errors}`;
  return {
    stdout: `${lines.join('\n')}${lines.length > 0 ? '\n' : ''}${JSON.stringify(outputJson, null, 2)}\n${JSON.stringify({ reason: 'build-finished', success: ok })}\n`,
    stderr: `    Checking ${run.crate} v0.1.0 (/work/crate)\n${status}\n`,
    exitCode: ok ? 0 : 101,
  };
}

function diagnostic(run: SyntheticRun, error: SyntheticError): Record<string, unknown> {
  const index = run.source.indexOf(error.anchor);
  if (index < 0) throw new Error(`anchor not found in the source: ${error.anchor}`);
  const before = run.source.slice(0, index);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const column = [...run.source.slice(lineStart, index)].length + 1;
  const byteStart = Buffer.byteLength(before);
  const lineText = run.source.slice(lineStart, run.source.indexOf('\n', index));
  return {
    $message_type: 'diagnostic',
    message: error.message,
    code: null,
    level: 'error',
    spans: [{
      file_name: run.file, byte_start: byteStart, byte_end: byteStart + Buffer.byteLength(error.anchor), line_start: line, line_end: line,
      column_start: column, column_end: column + [...error.anchor].length, is_primary: true,
      text: [{ text: lineText, highlight_start: column, highlight_end: column + [...error.anchor].length }],
      label: error.label, suggested_replacement: null, suggestion_applicability: null, expansion: null,
    }],
    children: [],
    rendered: `error: ${error.message}\n --> ${run.file}:${line}:${column}\n`,
  };
}
