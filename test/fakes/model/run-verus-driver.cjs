'use strict';
// The fake's model of `verus FILE ...` run directly (not under cargo): the launcher passes the args
// to rust_verify (V verus/src/main.rs:302-323), which parses them (config.rs), answers --version
// (rust_verify/src/main.rs:108-118), and builds the partial-verification filter before verifying.
// Verification itself is the scenario's (`replay`).
const path = require('node:path');
const { parseVerusArgs } = require('./parse-verus-args.cjs');
const { resolveUserFilter } = require('./resolve-user-filter.cjs');
const { scanCrateItems } = require('./scan-crate-items.cjs');
const { renderVersionText, renderVersionJson } = require('./fake-build-info.cjs');
const { buildResultsDocument, spanlessError } = require('./build-results-document.cjs');

/** Returns { exit: {stdout, stderr, exitCode} } | { version: text } | { replay: true }. */
function runVerusDriver(argv, cwd) {
  const parsed = parseVerusArgs(argv.filter((arg) => arg !== '--record'));
  if (parsed.error) return { exit: { stdout: '', stderr: parsed.error.stderr, exitCode: parsed.error.exitCode } };
  const { args, rustcArgs } = parsed;
  if (args.version) return { version: args.outputJson ? renderVersionJson() : renderVersionText() };
  const input = rustcArgs.find((arg) => arg.endsWith('.rs'));
  const selecting = args.verifyRoot || args.verifyModule.length > 0 || args.verifyOnlyModule.length > 0 || args.verifyFunction !== null;
  if (input === undefined || !selecting) return { replay: true };
  const resolved = resolveUserFilter(args, scanCrateItems(path.resolve(cwd, input)));
  if (!resolved.error) return { replay: true };
  const diagnostic = spanlessError(resolved.error);
  const json = rustcArgs.includes('--error-format=json') || rustcArgs.join(' ').includes('--error-format json');
  const document = args.outputJson ? buildResultsDocument({ entireCrate: false, encounteredError: true, encounteredVirError: true, verified: 0, errors: 0, time: args.time, modules: [] }) : '';
  // rustc ends a failed session with its own "aborting due to" diagnostic (cargo drops it, C core/compiler/mod.rs:2364-2370).
  const aborting = { ...spanlessError('aborting due to 1 previous error'), rendered: 'error: aborting due to 1 previous error\n\n' };
  const stderr = json ? `${JSON.stringify(diagnostic)}\n${JSON.stringify(aborting)}\n` : `${diagnostic.rendered}${aborting.rendered}`;
  return { exit: { stdout: document, stderr, exitCode: 1 } };
}

module.exports = { runVerusDriver };
