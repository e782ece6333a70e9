'use strict';
// How cargo-verus hands Verus args to the `verus` driver it sets as RUSTC_WRAPPER: environment
// variables, one per verified package, which the driver reads through its dependency tracker (so
// cargo re-runs the unit when one changes). V = verus-lang/verus source/ at release/0.2026.06.07.cd03505.
const { createHash } = require('node:crypto');

// V cargo-verus/src/subcommands.rs:18-20 (the leading spaces are in the source).
const VERUS_DRIVER_ARGS = ' __VERUS_DRIVER_ARGS__';
const VERUS_DRIVER_ARGS_FOR = ' __VERUS_DRIVER_ARGS_FOR_';
const VERUS_DRIVER_ARGS_SEP = '__VERUS_DRIVER_ARGS_SEP__';

/** subcommands.rs:466-468: every arg prefixed by the separator, concatenated. */
function packVerusDriverArgs(args) {
  return args.map((arg) => `${VERUS_DRIVER_ARGS_SEP}${arg}`).join('');
}

/** V cargo-verus/src/metadata.rs:147-158: `<name>-<version>-<first 12 hex of sha256(manifest path)>`. */
function makePackageId(name, version, manifestPath) {
  return `${name}-${version}-${createHash('sha256').update(manifestPath).digest('hex').slice(0, 12)}`;
}

/** V rust_verify/src/config.rs:256-294 (parse_cargo_args) drops `--VIA-CARGO <key>` pairs before Verus parses the rest. */
function withoutViaCargo(args) {
  return args.filter((arg, index) => arg !== '--VIA-CARGO' && args[index - 1] !== '--VIA-CARGO');
}

module.exports = { VERUS_DRIVER_ARGS, VERUS_DRIVER_ARGS_FOR, packVerusDriverArgs, makePackageId, withoutViaCargo };
