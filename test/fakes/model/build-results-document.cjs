'use strict';
// The `--output-json` results document the fake writes itself (for vstd, and for Verus errors it
// models), in the key order of V rust_verify/src/main.rs:519-555 (serde_json with preserve_order,
// rust_verify/Cargo.toml:12), pretty-printed (main.rs:554). Timings are small invented numbers.
const { fakeBuildInfo } = require('./fake-build-info.cjs');

// main.rs:337-413; the smt block is left out after a VIR error (main.rs:377).
function buildTimes(run) {
  const module = (name) => ({ module: name, time: 1 });
  const times = {
    'verus-build': { profile: 'release', version: fakeBuildInfo().version },
    'num-threads': 1, total: 5, 'estimated-cpu-time': 5,
    rust: { total: 2, 'init-and-types': 2, 'trait-conflicts': 0, compile: 0 },
    verification: { total: 3, vir: { total: 1, hir: 0, import: 1, 'rust-to-vir': 0 } },
    'total-verify': 2, 'total-verify-module-times': run.modules.map((entry) => module(entry.module)),
    air: { total: 1, 'module-times': run.modules.map((entry) => module(entry.module)) },
  };
  if (!run.encounteredVirError) {
    const rlimit = (entry) => entry.functions.length * 1000;
    times.smt = {
      total: 1, 'smt-init': 0, 'rlimit-init': 100,
      'smt-init-module-times': run.modules.map((entry) => ({ module: entry.module, time: 0, 'time-micros': 100, rlimit: 100 })),
      'smt-run': 1, 'rlimit-run': run.modules.reduce((sum, entry) => sum + rlimit(entry), 0),
      'smt-run-module-times': run.modules.map((entry) => ({
        module: entry.module, time: 1, 'time-micros': 1000, rlimit: rlimit(entry),
        'function-breakdown': entry.functions.map((fn) => ({ function: fn.function, 'mode:': fn.mode, time: 0, 'time-micros': 100, rlimit: 1000, success: fn.success })),
      })),
    };
  }
  return times;
}

/**
 * `run`: { entireCrate, encounteredError, encounteredVirError, verified, errors, time,
 * modules: [{ module, functions: [{ function, mode, success }] }] }. Returns the printed text.
 */
function buildResultsDocument(run) {
  // main.rs:527-546: success only for whole-crate runs; counts only without a VIR error.
  const results = { 'encountered-error': run.encounteredError, 'encountered-vir-error': run.encounteredVirError };
  if (run.entireCrate) results.success = !run.encounteredError && !run.encounteredVirError && run.errors === 0;
  if (!run.encounteredVirError) Object.assign(results, { verified: run.verified, errors: run.errors, 'is-verifying-entire-crate': run.entireCrate });
  const document = { 'func-details': {}, 'verification-results': results };
  if (run.time) document['times-ms'] = buildTimes(run);
  document.verus = fakeBuildInfo();
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** A Verus error without a span (vir util::error), as rustc's JSON emitter prints it with --error-format=json. */
function spanlessError(message) {
  return { $message_type: 'diagnostic', message, code: null, level: 'error', spans: [], children: [], rendered: `error: ${message}\n\n` };
}

module.exports = { buildResultsDocument, spanlessError };
