import type { Command } from 'commander';
import { ExitError } from '../exit-error.js';
import { parsePositiveNumberOption } from '../parse-number-option.js';
import { selectRunnerFlag } from '../select-runner-flag.js';

interface VerifyCommandOptions {
  fn?: string;
  docker?: boolean;
  local?: boolean;
  queue?: boolean;
  json?: boolean;
  cache: boolean;
  precheck: boolean;
  rlimit?: string;
  expandErrors?: boolean;
  cheating: boolean;
  timeout?: string;
}

/** Exit codes: 0 verified, 1 not verified (failed, pre-check failed, timeout), 2 bad input, 3 toolchain error, 4 no verdict, 130 interrupted. */
export function defineVerifyCommand(program: Command): void {
  program
    .command('verify')
    .argument('[target]', 'a crate directory or a single .rs file', '.')
    .option('--fn <name>', 'verify one function: name, or module::path::name')
    .option('--docker', 'run Verus in the pinned Docker image')
    .option('--local', 'run the Verus installed on this machine')
    .option('--queue', 'send the check to the Redis queue served by `verus-repair worker`s ([queue] in verus-repair.toml)')
    .option('--json', 'print one JSON object')
    .option('--no-cache', 'ignore and do not update the result cache')
    .option('--no-precheck', 'skip the erased cargo build / cargo test pre-check')
    .option('--rlimit <n>', 'SMT resource limit per query (Verus --rlimit)')
    .option('--expand-errors', 'pass --expand-errors to Verus')
    .option('--no-cheating', 'pass --no-cheating to Verus (rejects assume, admit, external_body)')
    .option('--timeout <seconds>', 'wall-clock limit for the verifier')
    .description('check a crate or file with Verus after an erased cargo pre-check (exit 0 verified, 1 not verified, 2 bad input, 3 toolchain error, 4 no verdict)')
    .action(async (target: string, options: VerifyCommandOptions) => {
      const runner = selectRunnerFlag(options);
      if (options.fn !== undefined) await (await import('../../verifier/require-defined-function.js')).requireDefinedFunction(target, options.fn);
      const { verifyPath } = await import('../../verification/verify-path.js');
      const { renderCandidateVerification } = await import('../../verifier/render/render-candidate-verification.js');
      const { exitCodeForVerification } = await import('../../verifier/render/exit-code-for-verification.js');
      const { createSourceLineReader } = await import('../../verifier/render/create-source-line-reader.js');
      const { withInterruptSignal } = await import('../interrupt-signal.js');
      await withInterruptSignal('verus-repair: interrupted; the verifier process tree was stopped', async (signal) => {
        const run = await verifyPath({
          path: target,
          cache: options.cache,
          precheck: options.precheck,
          signal,
          ...(options.fn === undefined ? {} : { function: options.fn }),
          ...(runner === null ? {} : { runner }),
          ...(options.rlimit === undefined ? {} : { rlimit: parsePositiveNumberOption(options.rlimit, '--rlimit', '--rlimit 30') }),
          ...(options.expandErrors === true ? { expandErrors: true } : {}),
          ...(options.cheating === false ? { noCheating: true } : {}),
          ...(options.timeout === undefined ? {} : { timeoutSeconds: parsePositiveNumberOption(options.timeout, '--timeout', '--timeout 600') }),
        });
        const exitCode = exitCodeForVerification(run.outcome);
        for (const warning of run.warnings) process.stderr.write(`verus-repair: warning: ${warning}\n`);
        const { selectRunSandboxes, renderRunSandboxes } = await import('../../verifier/sandbox/select-run-sandboxes.js');
        // Single files are not pre-checked: no crate to build.
        const sandbox = await selectRunSandboxes(run.config, process.env, { precheck: options.precheck && run.target.kind !== 'file' });
        if (options.json === true) {
          process.stdout.write(`${JSON.stringify({ target: run.target, runner: run.config.runner, configFile: run.configFile, toolchainPin: run.toolchainPin, sandbox, exitCode, ...run.outcome, cacheStatistics: run.cacheStatistics })}\n`);
        } else {
          const { renderPinInForce } = await import('../../verifier/toolchain/read-pin-in-force.js');
          process.stdout.write(renderCandidateVerification(target, run.outcome, createSourceLineReader(run.root), [renderPinInForce(run.toolchainPin), renderRunSandboxes(sandbox)]));
        }
        if (exitCode !== 0) throw new ExitError(exitCode);
      });
    });
}
