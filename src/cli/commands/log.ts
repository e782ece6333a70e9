import type { Command } from 'commander';

export function defineLogCommand(program: Command): void {
  program
    .command('log')
    .argument('[run]', 'run id (default: the most recent run)')
    .option('--repo <dir>', 'repository holding the ledger', '.')
    .option('--json', 'print the rows as JSON')
    .option('--reviews', 'list the recorded specification reviews (verus-repair review) instead of a run')
    .description("show a repair run's proof history: iteration, sample, result, errors, tokens, time")
    .action(async (run: string | undefined, options: { repo: string; json?: boolean; reviews?: boolean }) => {
      if (options.reviews === true) {
        const { readReviewRecords } = await import('../../review/record/read-review-records.js');
        const rows = (await readReviewRecords(options.repo)).map((record): Record<string, string> => ({ review: record.reviewId, commit: record.commit, ...Object.fromEntries(['Mutants', 'Survived', 'Mutation-Score', 'Vacuity'].map((key) => [key, record.trailers.get(key) ?? ''])), Verifier: record.trailers.get('Verifier') ?? 'not recorded' }));
        process.stdout.write(options.json === true ? `${JSON.stringify({ reviews: rows }, null, 2)}\n` : rows.length === 0 ? 'no reviews\n' : `${rows.map((row) => `review ${row['review']} ${(row['commit'] ?? '').slice(0, 10)}: ${row['Mutants']} mutants, ${row['Survived']} survived, score ${row['Mutation-Score']}, vacuity ${row['Vacuity']}; verifier: ${row['Verifier']}`).join('\n')}\n`);
        return;
      }
      const { GitProofLedger } = await import('../../ledger/git-proof-ledger.js');
      const { buildRunLog, renderRunLogTable } = await import('../../ledger/run-log.js');
      const { resolveRunId } = await import('../resolve-run-id.js');
      const ledger = await GitProofLedger.open(options.repo);
      const runId = await resolveRunId(ledger, run);
      const rows = buildRunLog(await ledger.readRun(runId));
      process.stdout.write(options.json === true ? `${JSON.stringify({ runId, rows }, null, 2)}\n` : `run ${runId}\n${renderRunLogTable(rows)}\n`);
    });
}
