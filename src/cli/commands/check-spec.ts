import type { Command } from 'commander';
import { ExitError } from '../exit-error.js';
import { parseIntegerOption } from '../parse-number-option.js';

interface CheckSpecCommandOptions {
  fn: string[];
  inputs?: string;
  seed?: string;
  callTimeout?: string;
  keepScratch?: boolean;
  json?: boolean;
}

/** Exit codes: 0 no counterexample found, 1 a counterexample, 2 bad input. */
export function defineCheckSpecCommand(program: Command): void {
  program
    .command('check-spec')
    .argument('[crate]', 'the crate directory', '.')
    .requiredOption('--fn <names...>', 'the exec functions to check (name or module::path::name)')
    .option('--inputs <n>', 'inputs to try per function (half at most bounded-exhaustive, the rest seeded random)', '1000')
    .option('--seed <s>', 'seed of the random inputs (the same seed gives the same inputs)', '0')
    .option('--call-timeout <ms>', 'a call running longer than this is reported as timed out', '2000')
    .option('--keep-scratch', 'keep the scratch harness crate and print its path')
    .option('--json', 'print the report as one JSON object')
    .description("run a function's erased exec code on generated inputs and check its requires/ensures, compiled by vstd's exec_spec macro (exit 0 none found, 1 counterexample, 2 bad input)")
    .action(async (crate: string, options: CheckSpecCommandOptions) => {
      const inputs = parseIntegerOption(options.inputs ?? '1000', '--inputs', '--inputs 5000');
      const seed = parseIntegerOption(options.seed ?? '0', '--seed', '--seed 7', 0);
      const callTimeoutMs = parseIntegerOption(options.callTimeout ?? '2000', '--call-timeout', '--call-timeout 5000');
      const { checkSpec, renderSpecCheck, hasCounterexample } = await import('../../spec/index.js');
      const report = await checkSpec({ crateDir: crate, functions: options.fn, inputs, seed, callTimeoutMs, keepScratch: options.keepScratch === true });
      process.stdout.write(options.json === true ? `${JSON.stringify(report)}\n` : renderSpecCheck(report));
      if (hasCounterexample(report)) throw new ExitError(1);
    });
}
