import type { Command } from 'commander';
import { ExitError } from '../exit-error.js';
import { MAXIMUM_CALL_TIMEOUT_MS, MAXIMUM_SPEC_CHECK_INPUTS, parseSpecCheckOptions } from '../parse-spec-check-options.js';

interface CheckSpecCommandOptions {
  fn?: string[];
  inputs?: string;
  seed?: string;
  callTimeout?: string;
  keepScratch?: boolean;
  json?: boolean;
}

const EXIT_CODES = 'exit 0: at least one ensures checked on at least one input and no counterexample; 1: a counterexample; 2: bad input; 4: nothing could be checked (the harness did not build, nothing executable, every input timed out or outside the requires), with the reason; 130: interrupted';

/** Exit codes: see EXIT_CODES (docs/spec-check.md). */
export function defineCheckSpecCommand(program: Command): void {
  program
    .command('check-spec')
    .argument('[crate]', 'the crate directory', '.')
    .option('--fn <names...>', 'the exec functions to check (name or module::path::name); default: every exec function with an ensures')
    .option('--inputs <n>', `inputs to try per function, 1 to ${MAXIMUM_SPEC_CHECK_INPUTS} (half at most bounded-exhaustive, the rest seeded random)`, '1000')
    .option('--seed <s>', 'seed of the random inputs (the same seed gives the same inputs)', '0')
    .option('--call-timeout <ms>', `a call running longer than this, 1 to ${MAXIMUM_CALL_TIMEOUT_MS}, is reported as timed out and the check goes on after it`, '2000')
    .option('--keep-scratch', 'keep the scratch harness crate and print its path')
    .option('--json', 'print the report as one JSON object (its first level: outcome, clauses and inputs checked, counterexamples, timeouts)')
    .description(`run a function's erased exec code on generated inputs and check its requires/ensures, compiled by vstd's exec_spec macro; each harness process's memory is capped by [spec_check] memory_mb (${EXIT_CODES})`)
    .action(async (crate: string, options: CheckSpecCommandOptions) => {
      const { inputs, seed, callTimeoutMs } = parseSpecCheckOptions({ inputs: options.inputs ?? '1000', seed: options.seed ?? '0', callTimeout: options.callTimeout ?? '2000' });
      const { checkSpec, renderSpecCheck } = await import('../../specification/index.js');
      const { withInterruptSignal } = await import('../interrupt-signal.js');
      const report = await withInterruptSignal('verus-repair: check-spec interrupted; its cargo and harness processes were stopped and its scratch crate removed', (signal) =>
        checkSpec({ crateDir: crate, ...(options.fn === undefined ? {} : { functions: options.fn }), inputs, seed, callTimeoutMs, keepScratch: options.keepScratch === true, signal }));
      process.stdout.write(options.json === true ? `${JSON.stringify(report)}\n` : renderSpecCheck(report));
      if (report.outcome === 'counterexample') throw new ExitError(1);
      if (report.outcome === 'nothing-checked') throw new ExitError(4, `verus-repair: nothing was checked: ${report.nothingChecked ?? 'no clause ran on any input'}`);
    });
}
