import type { Command } from 'commander';
import { assertNever } from '../../core/assert-never.js';
import { ExitError } from '../exit-error.js';

export function defineApplyCommand(program: Command): void {
  program
    .command('apply')
    .argument('<run>', 'run id')
    .option('--repo <dir>', 'repository holding the ledger', '.')
    .option('--accept-spec-change', 'confirm the specification changes the run made (flagged by the guard)')
    .description("merge a run's verified change onto your branch as one commit")
    .action(async (run: string, options: { repo: string; acceptSpecChange?: boolean }) => {
      const { GitProofLedger } = await import('../../ledger/git-proof-ledger.js');
      const { applyRun } = await import('../../ledger/apply-run.js');
      const { resolveRunId } = await import('../resolve-run-id.js');
      const ledger = await GitProofLedger.open(options.repo);
      const outcome = await applyRun(ledger, await resolveRunId(ledger, run), { acceptSpecChange: options.acceptSpecChange === true });
      switch (outcome.status) {
        case 'refused':
          throw new ExitError(1, `verus-repair apply: refused: ${outcome.reason}`);
        case 'commit-failed':
          throw new ExitError(1, `verus-repair apply: ${outcome.reason}. git said:\n${outcome.output.replace(/^/gm, '  ')}`);
        case 'applied':
          process.stdout.write(`applied ${outcome.files.join(', ')} from ${outcome.from.slice(0, 10)} as commit ${outcome.commit.slice(0, 10)}\n`);
          if (outcome.reverifyAdvice !== null) process.stdout.write(`note: ${outcome.reverifyAdvice}\n`);
          break;
        default:
          assertNever(outcome, 'apply outcome');
      }
    });
}
