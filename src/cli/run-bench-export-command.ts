import path from 'node:path';
import { exportLeaderboard } from '../evaluate/results/export-leaderboard.js';
import { checkOutputPath } from './check-output-path.js';

/** Prints each file written and, for a file that is not a measurement, why: it must not be submitted as one. */
export async function runBenchExportCommand(benchDir: string, flags: { out: string | null; system: string | null; benchmark: string | null; submissionId: string | null }): Promise<void> {
  const outDir = await checkOutputPath({ option: '--out', path: flags.out ?? path.join(benchDir, 'leaderboard'), kind: 'directory' });
  const written = await exportLeaderboard({ benchDir, outDir, systemName: flags.system, benchmark: flags.benchmark, submissionId: flags.submissionId, now: new Date() });
  for (const { file, submission } of written) {
    const { results } = submission;
    process.stdout.write(`wrote ${file}: ${submission.benchmark}, ${submission.model}, ${results.solved}/${results.total} solved (${results.percent_solved}%)\n`);
    if (!submission.provenance.measurement) process.stdout.write(`  not a measurement (${submission.provenance.caveats.join('; ')}): the file says so; do not submit it as a result\n`);
    else if (!submission.provenance.complete) process.stdout.write('  incomplete: some valid tasks have no finished attempt and count as not solved\n');
  }
}
