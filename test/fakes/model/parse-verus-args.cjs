'use strict';
// rust_verify's own options, parsed as V rust_verify/src/config.rs:296-720 does (release/0.2026.06.07.cd03505):
// getopts' parse_partial (utaal/getopts branch parse-partial, src/lib.rs:452-606) takes the options
// below and leaves everything else to rustc; then config.rs checks values in field order.
// Errors are `Error: <msg>` on stderr and exit(-1), i.e. 255 (config.rs:235-238).
const FLAGS = ['version', 'verify-root', 'no-external-by-default', 'no-verify', 'no-lifetime', 'no-erasure-check', 'no-auto-recommends-check', 'no-cheating', 'time', 'time-expanded', 'output-json', 'no-vstd', 'is-vstd', 'is-core', 'is-stdlib-outside-of-core', 'expand-errors', 'log-all', 'triggers', 'profile', 'profile-all', 'compile', 'trace', 'no-report-long-running', 'help', 'record'];
const SINGLE = ['export', 'verify-function', 'rlimit', 'multiple-errors', 'log-dir', 'triggers-mode', 'num-threads'];
const MULTI = ['import', 'verify-module', 'verify-only-module', 'smt-option', 'log', 'V'];
// config.rs:400-438 EXTENDED_KEYS (-V KEY[=VALUE]).
const EXTENDED = ['ignore-unexpected-smt', 'debug', 'no-solver-version-check', 'spinoff-all', 'capture-profiles', 'cvc5', 'allow-inline-air', 'use-crate-name', 'axiom-usage-info', 'check-api-safety', 'no-bv-simplify'];
// Rust's f32 FromStr grammar (what opt_get::<f32> accepts).
const FLOAT = /^[+-]?(inf|infinity|nan|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)$/i;

const fail = (message) => ({ error: { stderr: `Error: ${message}\n`, exitCode: 255 } });

/** getopts parse_partial: returns { values: Map<name, string[]|true[]>, free } or { error }. */
function getopts(args) {
  const values = new Map();
  const free = [];
  const push = (name, value) => values.set(name, [...(values.get(name) || []), value]);
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    if (arg === '--') {
      free.push(...args.slice(at + 1));
      break;
    }
    if (!arg.startsWith('-') || arg.length < 2) {
      free.push(arg);
      continue;
    }
    const long = arg.startsWith('--');
    const [name, inline] = long ? (arg.includes('=') ? [arg.slice(2, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg.slice(2), undefined]) : [arg.slice(1, 2), arg.length > 2 ? arg.slice(2) : undefined];
    const known = long ? name : name === 'V' || name === 'h' ? name : null;
    const option = known === 'h' ? 'help' : known;
    if (option !== null && FLAGS.includes(option)) {
      if (long && inline !== undefined) return fail(`Option '${option}' does not take an argument`);
      push(option, true);
    } else if (option !== null && (SINGLE.includes(option) || MULTI.includes(option))) {
      const value = inline !== undefined ? inline : args[++at];
      if (value === undefined) return fail(`Argument to option '${option}' missing`);
      push(option, value);
    } else {
      free.push(arg); // left for rustc
    }
  }
  for (const name of [...FLAGS, ...SINGLE]) if ((values.get(name) || []).length > 1) return fail(`Option '${name}' given more than once`);
  return { values, free };
}

/** Parses the Verus args one rust_verify process receives; returns { args, rustcArgs } or { error: {stderr, exitCode} }. */
function parseVerusArgs(argv) {
  const parsed = getopts(argv);
  if (parsed.error) return parsed;
  const { values, free } = parsed;
  const has = (name) => values.has(name);
  const all = (name) => values.get(name) || [];
  if (has('is-vstd') && has('is-core')) return fail('contradictory options --is-core and --is-vstd');
  for (const extended of all('V')) if (!EXTENDED.includes(extended.split('=')[0])) return fail(`unexpected extended option -V ${extended.split('=')[0]}`);
  if (has('verify-function')) {
    if (has('verify-module')) return fail('When using --verify-function, use --verify-only-module instead of --verify-module');
    if (!has('verify-only-module') && !has('verify-root')) return fail('--verify-function option requires --verify-only-module or --verify-root');
    if (all('verify-only-module').length + (has('verify-root') ? 1 : 0) > 1) return fail('Must pass at most one --verify-only-module or --verify-root when using --verify-function');
  }
  let rlimit = 10;
  if (has('rlimit')) {
    const text = all('rlimit')[0];
    if (!FLOAT.test(text) && text !== 'infinity') return fail('expected number or `infinity` after rlimit');
    rlimit = Number(/^[+-]?inf/i.test(text) ? Infinity : text);
    if (rlimit === 0) return fail('rlimit 0 is not allowed');
  }
  for (const option of all('smt-option')) if (option.split('=').length !== 2) return fail('expected option of form option_name=option_value');
  if (has('multiple-errors') && !/^\+?\d+$/.test(all('multiple-errors')[0])) return fail('expected integer after multiple-errors');
  return {
    args: {
      version: has('version'), outputJson: has('output-json'), time: has('time') || has('time-expanded'), noCheating: has('no-cheating'), noVerify: has('no-verify'), isVstd: has('is-vstd'),
      verifyRoot: has('verify-root'), verifyModule: all('verify-module'), verifyOnlyModule: all('verify-only-module'), verifyFunction: all('verify-function')[0] ?? null, rlimit,
    },
    rustcArgs: free,
  };
}

module.exports = { parseVerusArgs };
