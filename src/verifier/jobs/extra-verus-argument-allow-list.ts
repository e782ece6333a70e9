/**
 * The Verus flags a queue job may carry in `extraVerusArgs`: exactly the ones buildVerusCommand
 * itself sends after the target (buildAlwaysSentVerusFlags, the module and function selectors, the
 * stability check's solver seed) and the documented `--multiple-errors N`,
 * each with the value shape verus-repair gives it. A worker runs jobs from anyone who can write to
 * Redis, so everything else (`--log-dir /root/.ssh/x`, `--compile`, a `--` passed to rustc) refuses
 * the job. `--log-dir` is not here: the worker picks its own, inside the job directory.
 */
const RUST_PATH = /^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$/;

export const EXTRA_VERUS_ARGUMENT_ALLOW_LIST: Readonly<Record<string, RegExp | null>> = {
  '--output-json': null,
  '--time': null,
  '--rlimit': /^\d{1,9}(\.\d{1,6})?$/,
  '--expand-errors': null,
  '--no-cheating': null,
  '--verify-root': null,
  '--verify-only-module': RUST_PATH,
  // A name or a Verus pattern: `*foo`, `foo*` (V rust_verify/src/config.rs:306 and 662-670, release/0.2026.06.07.cd03505).
  '--verify-function': /^\*?[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*\*?$/,
  // The stability check's solver seed (buildSolverSeedFlags), and nothing else through --smt-option:
  // it sets any Z3 option (V rust_verify/src/config.rs:495 and 714, release/0.2026.06.07.cd03505).
  '--smt-option': /^smt\.random_seed=\d{1,10}$/,
  // The documented `extra_verus_args` example; an integer (config.rs:496 and 716-717: u32).
  '--multiple-errors': /^\d{1,9}$/,
};

/** Why `args` cannot travel in a queue job (naming the first offending argument), or null when every one is allowed. */
export function checkExtraVerusArguments(args: readonly string[]): string | null {
  for (let index = 0; index < args.length; index += 1) {
    const flag = args[index] ?? '';
    if (!Object.hasOwn(EXTRA_VERUS_ARGUMENT_ALLOW_LIST, flag)) {
      return `extra Verus argument ${JSON.stringify(flag.slice(0, 80))} is not one verus-repair itself sends (allowed: ${Object.keys(EXTRA_VERUS_ARGUMENT_ALLOW_LIST).join(', ')})`;
    }
    const shape = EXTRA_VERUS_ARGUMENT_ALLOW_LIST[flag] ?? null;
    if (shape === null) continue;
    const value = args[index + 1];
    if (value === undefined || !shape.test(value)) return `extra Verus argument ${flag} needs a value of the form ${shape.source}`;
    index += 1;
  }
  return null;
}
