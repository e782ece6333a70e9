'use strict';
// The command line of `cargo verus` as cargo-verus parses it (V = verus-lang/verus source/ at
// release/0.2026.06.07.cd03505). Returns { command } or { exitCode, stderr } for the errors it models.
const SUBCOMMANDS = new Set(['verify', 'focus', 'build', 'check']);
const SELECTORS = new Set(['all', 'roots', 'deps']);
// V cargo-verus/src/cli.rs:49-125: the options of VerifyCommand and its flattened CargoOptions
// (clap_cargo's Manifest, Workspace and Features groups), with whether each takes a value.
const VALUE_OPTIONS = new Map([['--manifest-path', 'manifestPath'], ['--package', 'packages'], ['-p', 'packages'], ['--exclude', 'exclude'], ['--features', 'features'], ['-F', 'features'], ['--target-dir', 'targetDir'], ['--config', 'config'], ['-Z', 'unstableFlags'], ['--fwd-verus-args-to', 'fwdVerusArgsTo']]);
const FLAG_OPTIONS = new Map([['--workspace', 'workspace'], ['--all', 'all'], ['--all-features', 'allFeatures'], ['--no-default-features', 'noDefaultFeatures'], ['--frozen', 'frozen'], ['--locked', 'locked'], ['--offline', 'offline']]);
const MULTI = new Set(['packages', 'exclude', 'features', 'config', 'unstableFlags']);

// V cargo-verus/src/cli.rs:142-165: cargo options that must not follow the first cargo argument.
const LATE = (arg) => arg.startsWith('-p') || ['--package', '--workspace', '--all', '--exclude', '--manifest-path', '--all-features', '--no-default-features', '--features', '--frozen', '--locked', '--offline', '--target-dir', '--config'].includes(arg)
  || ['--package=', '--exclude=', '--manifest-path=', '--features=', '--target-dir=', '--config='].some((prefix) => arg.startsWith(prefix)) || arg.startsWith('-Z');

const clapError = (message) => ({ exitCode: 2, stderr: `error: ${message}\n\nUsage: cargo verus <COMMAND>\n\nFor more information, try '--help'.\n` });

function parseOptions(args) {
  const options = { verbosity: 0 };
  let at = 0;
  for (; at < args.length; at++) {
    const arg = args[at];
    if (arg === '--') break;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (/^-v+$/.test(arg) || arg === '--verbose') options.verbosity += arg === '--verbose' ? 1 : arg.length - 1;
    else if (FLAG_OPTIONS.has(name) && inline === undefined) options[FLAG_OPTIONS.get(name)] = true;
    else if (VALUE_OPTIONS.has(name)) {
      const value = inline ?? args[++at];
      if (value === undefined) return { error: clapError(`a value is required for '${name} <VALUE>' but none was supplied`) };
      const key = VALUE_OPTIONS.get(name);
      if (MULTI.has(key)) options[key] = [...(options[key] || []), value];
      else options[key] = value;
    } else break; // clap: the first other argument starts the positional CARGO_OPTIONS
  }
  return { options, rest: args.slice(at) };
}

/** Parses `cargo-verus verus <subcommand> ...` (argv without the executable). */
function parseCargoVerusCli(argv) {
  // V cargo-verus/src/cli.rs:244-246 normalize_args: cargo runs `cargo-verus verus ...`.
  const args = argv[0] === 'verus' ? argv.slice(1) : argv;
  const subcommand = args[0];
  if (subcommand === undefined) return clapError("'cargo verus' requires a subcommand but one was not provided");
  if (subcommand === 'new') return { unsupported: 'cargo verus new is not modelled by the fake' };
  if (!SUBCOMMANDS.has(subcommand)) return clapError(`unrecognized subcommand '${subcommand}'`);
  const parsed = parseOptions(args.slice(1));
  if (parsed.error) return parsed.error;
  const { options, rest } = parsed;
  if (options.fwdVerusArgsTo !== undefined && !SELECTORS.has(options.fwdVerusArgsTo)) {
    return { exitCode: 2, stderr: `error: invalid value '${options.fwdVerusArgsTo}' for '--fwd-verus-args-to <SELECTOR>'\n  [possible values: all, roots, deps]\n\nFor more information, try '--help'.\n` };
  }
  // Once CARGO_OPTIONS has started it takes every later argument, `--` included (its values may start
  // with `-`); clap_trailing_args_hotfix then splits at the first `--` (cli.rs:118-124, 210-229).
  const split = rest.indexOf('--');
  const cargoArgs = split < 0 ? rest : rest.slice(0, split);
  const verusArgs = split < 0 ? [] : rest.slice(split + 1);
  // cli.rs:127-140 and 142-175, then from_args (178-190): eprintln each message, then main returns the error (exit 1).
  const noSpace = cargoArgs.find((arg) => arg.startsWith('-Z') && arg.length > 2);
  const late = cargoArgs.slice(1).find(LATE);
  const complaint = noSpace !== undefined
    ? `Split the command-line argument ${noSpace} into two by using a space after -Z (i.e., use -Z ${noSpace.slice(2)}) so that cargo verus can correctly parse and forward the flag.`
    : late !== undefined
      ? `The Verus-relevant command-line argument ${late} can't follow the Verus-irrelevant argument ${cargoArgs[0]} because that will cause the Verus-relevant argument to be ignored. To fix this, place Verus-relevant cargo options (like --package, --features, --manifest-path) before any Verus-irrelevant ones.`
      : null;
  if (complaint !== null) {
    const message = 'Args forwarded to Cargo must precede args forwarded to Verus';
    return { exitCode: 1, stderr: `${complaint}\n${message}\nError: ${message}\n` };
  }
  // cli.rs:192-208: forwarding defaults to all packages, except under focus (roots).
  const fwdVerusArgsTo = options.fwdVerusArgsTo ?? (subcommand === 'focus' ? 'roots' : 'all');
  return { command: { subcommand, options, cargoArgs, verusArgs, fwdVerusArgsTo } };
}

module.exports = { parseCargoVerusCli };
