import type { Command } from 'commander';

export function defineLogCommand(program: Command): void {
  program
    .command('log')
    .argument('[run]', 'run id (default: the most recent run)')
    .option('--repo <dir>', 'repository holding the ledger', '.')
    .option('--json', 'print the rows as JSON')
    .description("show a repair run's proof history: iteration, sample, result, errors, tokens, time")
    .action(async (run: string | undefined, options: { repo: string; json?: boolean }) => {
      const { GitProofLedger } = await import('../../ledger/git-proof-ledger.js');
      const { buildRunLog, renderRunLogTable } = await import('../../ledger/run-log.js');
      const { resolveRunId } = await import('../resolve-run-id.js');
      const ledger = await GitProofLedger.open(options.repo);
      const runId = await resolveRunId(ledger, run);
      const rows = buildRunLog(await ledger.readRun(runId));
      process.stdout.write(options.json === true ? `${JSON.stringify({ runId, rows }, null, 2)}\n` : `run ${runId}\n${renderRunLogTable(rows)}\n`);
    });
}
