'use strict';
// The solver seed a Verus run of the checked crate is under. rust_verify collects every
// `--smt-option OPTION=VALUE` (getopts optmulti, V rust_verify/src/config.rs:495; split at the one
// `=`, 608-615; kept in order, 714) and sets each on every solver context after its defaults, in that
// order (verifier.rs:1224-1231), so the last `smt.random_seed` given is the one in force; without one,
// Z3's own default seed is used (null here). Release/0.2026.06.07.cd03505. Under cargo the Verus args
// are the ones after `--`, which reach the root crate both when forwarded to roots and to all
// (cargo-verus/src/subcommands.rs:429-468); the direct `verus FILE` launcher passes its argv on.

/** The `smt.random_seed` the root crate's rust_verify receives, or null when none is sent. */
function readSolverSeed(tool, argv) {
  const separator = argv.indexOf('--');
  const verusArgs = tool === 'cargo-verus' ? (separator < 0 ? [] : argv.slice(separator + 1)) : argv;
  let seed = null;
  for (let at = 0; at < verusArgs.length; at++) {
    const arg = verusArgs[at];
    const value = arg === '--smt-option' ? verusArgs[++at] : arg.startsWith('--smt-option=') ? arg.slice('--smt-option='.length) : undefined;
    if (value === undefined) continue;
    const [name, setting] = value.split('=').map((part) => part.trim());
    if (name === 'smt.random_seed' && setting !== undefined && /^\d+$/.test(setting)) seed = Number(setting);
  }
  return seed;
}

module.exports = { readSolverSeed };
