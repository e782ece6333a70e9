import type { Command } from 'commander';
import { ExitError } from '../exit-error.js';

export function defineApplyCommand(program: Command): void {
  program
    .command('apply')
    .argument('<run>', 'run id')
    .option('--repo <dir>', 'repository holding the ledger', '.')
    .option('--accept-spec-change', 'confirm the specification changes the run made (flagged by the guard)')
    .description("bring a run's verified candidate onto your branch as one commit")
    .action(async (run: string, options: { repo: string; acceptSpecChange?: boolean }) => {
      const { GitProofLedger } = await import('../../ledger/git-proof-ledger.js');
      const { applyRun } = await import('../../ledger/apply-run.js');
      const { resolveRunId } = await import('../resolve-run-id.js');
      const ledger = await GitProofLedger.open(options.repo);
      const outcome = await applyRun(ledger, await resolveRunId(ledger, run), { acceptSpecChange: options.acceptSpecChange === true });
      if (outcome.status === 'refused') throw new ExitError(1, `verus-repair apply: refused: ${outcome.reason}`);
      process.stdout.write(`applied ${outcome.files.join(', ')} from ${outcome.from.slice(0, 10)} as commit ${outcome.commit.slice(0, 10)}\n`);
    });
}
