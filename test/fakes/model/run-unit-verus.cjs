'use strict';
// One verified unit's Verus run in the fake: rust_verify parses the args cargo-verus packed for the
// package (V rust_verify/src/cargo_verus.rs:41-52, config.rs:256-294 and 296-720), builds the
// partial-verification filter (user_filter.rs, verifier.rs:2687-2688), then verifies. vstd's run is
// modelled (vstd-unit-output.cjs); the root's comes from the scenario (`kind: 'replay'`).
const fs = require('node:fs');
const { parseVerusArgs } = require('./parse-verus-args.cjs');
const { resolveUserFilter } = require('./resolve-user-filter.cjs');
const { scanCrateItems } = require('./scan-crate-items.cjs');
const { withoutViaCargo } = require('./verus-driver-env.cjs');
const { buildResultsDocument, spanlessError } = require('./build-results-document.cjs');
const { vstdUnitOutput } = require('./vstd-unit-output.cjs');

const hasSelectors = (args) => args.verifyRoot || args.verifyModule.length > 0 || args.verifyOnlyModule.length > 0 || args.verifyFunction !== null;

/** Returns { kind: 'replay' } for the root, or { diagnostics, stderr, document, success, verified, processFailure }, or { unsupported }. */
function runUnitVerus(unit, plan) {
  const parsed = parseVerusArgs(withoutViaCargo([...plan.commonArgs, ...unit.driverArgs]));
  // rust_verify prints `Error: ...` as plain text and exits 255; cargo passes the line through.
  if (parsed.error) return { diagnostics: [], stderr: [parsed.error.stderr.replace(/\n$/, '')], document: null, success: false, verified: false, processFailure: 'exit status: 255' };
  const { args } = parsed;
  let filter = { kind: 'everything' };
  if (hasSelectors(args)) {
    if (!fs.existsSync(unit.rootFile)) return { unsupported: `selectors reach ${unit.name}, whose sources (${unit.rootFile}) the fake cannot read` };
    const resolved = resolveUserFilter(args, scanCrateItems(unit.rootFile));
    if (resolved.error) {
      // A VIR error: reported as a diagnostic; the document says so (main.rs:527-546); exit 1.
      const document = args.outputJson ? buildResultsDocument({ entireCrate: false, encounteredError: true, encounteredVirError: true, verified: 0, errors: 0, time: args.time, modules: [] }) : null;
      return { diagnostics: [spanlessError(resolved.error)], stderr: [], document, success: false, verified: true, processFailure: 'exit status: 1' };
    }
    filter = resolved.filter;
  }
  if (unit.isRoot) return { kind: 'replay', filter };
  if (args.noVerify) {
    const document = args.outputJson ? buildResultsDocument({ entireCrate: filter.kind === 'everything', encounteredError: false, encounteredVirError: false, verified: 0, errors: 0, time: args.time, modules: [] }) : null;
    return { diagnostics: [], stderr: [], document, success: true, verified: false };
  }
  const output = vstdUnitOutput(unit, args, filter);
  return { ...output, stderr: [], verified: true, processFailure: 'exit status: 1' };
}

module.exports = { runUnitVerus };
