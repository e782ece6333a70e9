import type { Command } from 'commander';
import { MAXIMUM_CALL_TIMEOUT_MS, MAXIMUM_SPEC_CHECK_INPUTS, parseSpecCheckOptions } from '../parse-spec-check-options.js';

interface SpecCoverageCommandOptions {
  inputs?: string;
  seed?: string;
  callTimeout?: string;
  json?: boolean;
}

const DEFAULT_CORPUS_CALL_TIMEOUT_MS = '1000';

/** `verus-repair spec-coverage PATH...`: check-spec over every exec function with an ensures of a corpus, as one table. Exit 0, or 2 on bad input. */
export function defineSpecCoverageCommand(program: Command): void {
  program
    .command('spec-coverage')
    .argument('<paths...>', 'directories of crates or of .rs files (each loose file checked in a scratch crate; a directory with a [package] Cargo.toml as its crate), or .rs files')
    .option('--inputs <n>', `inputs per function, 1 to ${MAXIMUM_SPEC_CHECK_INPUTS} (a corpus default of 20: the run stays bounded)`)
    .option('--seed <s>', 'seed of the random inputs', '0')
    .option('--call-timeout <ms>', `a call running longer than this, 1 to ${MAXIMUM_CALL_TIMEOUT_MS}, ends that input`, DEFAULT_CORPUS_CALL_TIMEOUT_MS)
    .option('--json', 'print the table and each function\'s outcome as one JSON object')
    .description('run check-spec on every exec function with an ensures in every crate and .rs file of the given paths, one after another, and print a table: functions checked, ensures checked, counterexamples, not executable by reason, build failures by cause, timeouts, memory-exceeded (exit 0; 2 on bad input; 130 interrupted)')
    .action(async (paths: string[], options: SpecCoverageCommandOptions) => {
      const { DEFAULT_COVERAGE_INPUTS, listCoverageCrates, measureSpecCoverage, renderSpecCoverage, tabulateSpecCoverage, describeCoverageFunctions } = await import('../../evaluate/coverage/spec-coverage.js');
      const { inputs, seed, callTimeoutMs } = parseSpecCheckOptions({ inputs: options.inputs ?? String(DEFAULT_COVERAGE_INPUTS), seed: options.seed ?? '0', callTimeout: options.callTimeout ?? DEFAULT_CORPUS_CALL_TIMEOUT_MS });
      const { crates, skippedFiles } = listCoverageCrates(paths);
      const { loadVerifierConfig } = await import('../../verifier/config/read-verifier-config.js');
      const fallbackConfig = (await loadVerifierConfig(process.cwd())).config;
      const { withInterruptSignal } = await import('../interrupt-signal.js');
      const results = await withInterruptSignal('verus-repair: spec-coverage interrupted; its cargo and harness processes were stopped and their scratch crates removed, and nothing was reported', (signal) =>
        measureSpecCoverage({ crates, inputs, seed, callTimeoutMs, fallbackConfig, signal, onCrate: (done, total, result) => process.stderr.write(`spec-coverage: ${done}/${total} ${result.crate.label}: ${result.report === null ? 'not read' : `${result.report.functions.length} function(s), outcome ${result.report.outcome}`}\n`) }));
      const table = tabulateSpecCoverage(results);
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify({ inputs, seed, callTimeoutMs, skippedFiles, table, functions: describeCoverageFunctions(results) })}\n`);
        return;
      }
      const inputsSaid = options.inputs === undefined ? `up to ${inputs} inputs per function (the corpus default; --inputs to change)` : `up to ${inputs} inputs per function`;
      const named = paths.length <= 4 ? paths.join(' ') : `${paths.length} paths (${paths.slice(0, 2).join(' ')} ... ${paths.at(-1)})`;
      const header = `spec-coverage of ${named}: ${crates.length} crate(s) and loose file(s)${skippedFiles > 0 ? ` (${skippedFiles} .rs file(s) without verus! skipped)` : ''}, every exec function with an ensures; ${inputsSaid}, seed ${seed}, ${callTimeoutMs} ms per call, each harness process's memory capped by [spec_check] memory_mb (default 1024 MiB)`;
      process.stdout.write(renderSpecCoverage(table, header));
    });
}
