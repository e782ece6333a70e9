'use strict';
// The trailing cargo arguments cargo-verus passes on to `cargo check`/`cargo build` (V
// cargo-verus/src/subcommands.rs:306). The fake knows the few options of cargo 0.96 the product may
// send and refuses the rest as cargo's clap does (checked against cargo 1.95.0 here: exit 1). It
// replays `--message-format=json` recordings, so runs without it are not modelled.
const FLAGS = new Set(['-q', '--quiet', '--lib', '--keep-going', '--release', '--all-targets']);
const VALUES = new Set(['--message-format', '--color', '-j', '--jobs', '--profile']);

/** Returns {} when cargo would accept `args`, { exitCode, stderr } when it refuses one, or { unsupported }. */
function checkCargoArgs(args) {
  let messageFormat = null;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    const name = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    if (FLAGS.has(arg)) continue;
    if (VALUES.has(name)) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++at];
      if (name === '--message-format') messageFormat = value;
      continue;
    }
    return { exitCode: 1, stderr: `error: unexpected argument '${arg}' found\n\nUsage: cargo check [OPTIONS]\n\nFor more information, try '--help'.\n` };
  }
  if (messageFormat !== 'json') return { unsupported: `cargo --message-format ${messageFormat ?? '(human)'}: the fake replays --message-format=json runs only` };
  return {};
}

module.exports = { checkCargoArgs };
