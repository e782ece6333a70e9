import type { Command } from 'commander';
import type { ReviewAuditFinding } from '../../review/record/audit-review.js';
import type { ReviewRecordEntry } from '../../review/record/read-review-records.js';
import { ConfigurationError } from '../../core/errors.js';
import { ExitError } from '../exit-error.js';

export function defineAuditCommand(program: Command): void {
  program
    .command('audit')
    .argument('[run]', 'run id (default: the most recent run)')
    .option('--all', 'audit every recorded run')
    .option('--repo <dir>', 'repository holding the ledger', '.')
    .option('--reverify', 're-run the verifier (no cache) on every verified commit and compare')
    .option('--json', 'print findings as JSON')
    .option('--reviews', 'audit the recorded reviews instead: regenerate every mutant from its recorded base and check its source hash and the trailers')
    .option('--since <ref>', "list every commit since REF that changed Verus sources and where its proof comes from (apply's recorded verified candidate, or --reverify now)")
    .option('--require-verified', 'with --since: exit 1 when a commit since REF changed Verus sources without a recorded verified candidate (or, with --reverify, without verifying now)')
    .description('recompute source hashes, check notes and trailers, and check verdicts of recorded runs')
    .action(async (run: string | undefined, options: { all?: boolean; repo: string; json?: boolean; reverify?: boolean; reviews?: boolean; since?: string; requireVerified?: boolean }) => {
      if (options.requireVerified === true && options.since === undefined) throw new ConfigurationError('--require-verified needs --since REF: the commits to check. Example: audit --since origin/main --require-verified');
      if (options.since !== undefined) {
        if (run !== undefined || options.all === true || options.reviews === true) throw new ConfigurationError('--since audits the history since REF; it takes no run, --all or --reviews');
        return auditSince(options.repo, options.since, { json: options.json === true, reverify: options.reverify === true, requireVerified: options.requireVerified === true });
      }
      if (options.reviews === true) return auditReviews(options.repo, options.json === true, options.reverify === true);
      const { GitProofLedger } = await import('../../ledger/git-proof-ledger.js');
      const { auditRun } = await import('../../ledger/audit-run.js');
      const { resolveRunId } = await import('../resolve-run-id.js');
      const ledger = await GitProofLedger.open(options.repo);
      const runIds = options.all === true ? await ledger.listRuns() : [await resolveRunId(ledger, run)];
      if (runIds.length === 0) {
        process.stdout.write(options.json === true ? `${JSON.stringify({ ok: true, runs: [], message: `no runs in ${ledger.repoDir}` }, null, 2)}\n` : `no runs in ${ledger.repoDir}\n`);
        return;
      }
      const results = [];
      for (const runId of runIds) {
        const { commits, findings } = await auditRun(ledger, runId);
        const rechecked = options.reverify === true ? await reverify(ledger, runId) : null;
        if (rechecked !== null) findings.push(...rechecked.findings);
        results.push({ runId, commits: commits.length, findings, ...(rechecked === null || rechecked.stability.length === 0 ? {} : { stability: rechecked.stability }) });
      }
      const failed = results.some((result) => result.findings.length > 0);
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify({ ok: !failed, runs: results }, null, 2)}\n`);
      } else {
        for (const result of results) {
          process.stdout.write(`run ${result.runId}: ${result.commits} commits, ${result.findings.length === 0 ? 'audit passed' : `${result.findings.length} finding(s)`}\n`);
          for (const recheck of result.stability ?? []) process.stdout.write(`  ${recheck.commit.slice(0, 10)} stability under seeds ${recheck.seeds.join(', ')}: recorded ${recheck.recorded}, now ${recheck.now}\n`);
          for (const finding of result.findings) process.stdout.write(`  ${finding.commit.slice(0, 10)} ${finding.rule}: ${finding.message}\n`);
        }
      }
      if (failed) throw new ExitError(1);
    });
}

async function reverify(ledger: import('../../ledger/git-proof-ledger.js').GitProofLedger, runId: string): Promise<Awaited<ReturnType<typeof import('../../repair/reverify/reverify-run.js').reverifyRun>>> {
  const { loadVerifierConfig } = await import('../../verifier/config/read-verifier-config.js');
  const { createVerifier } = await import('../../verification/create-verifier.js');
  const { reverifyRun } = await import('../../repair/reverify/reverify-run.js');
  const { config } = await loadVerifierConfig(ledger.repoDir);
  const options = { rlimit: config.rlimit, expandErrors: config.expandErrors, noCheating: config.noCheating, timeoutMs: config.timeoutMs, extraVerusArgs: config.extraVerusArgs };
  return reverifyRun(ledger, runId, await createVerifier(config), options);
}

async function auditReviews(repoDir: string, json: boolean, reverify: boolean): Promise<void> {
  const { readReviewRecords } = await import('../../review/record/read-review-records.js');
  const { auditReview } = await import('../../review/record/audit-review.js');
  const records = await readReviewRecords(repoDir);
  // --reverify: every recorded survivor is verified again from the record's tree (no cache).
  const reverifySurvivors = reverify && records.length > 0 ? await createSurvivorReverifier(repoDir) : null;
  const results = [];
  for (const record of records) {
    const findings = await auditReview(repoDir, record);
    if (reverifySurvivors !== null) findings.push(...(await reverifySurvivors(record)));
    results.push({ reviewId: record.reviewId, commit: record.commit, findings });
  }
  const failed = results.some((result) => result.findings.length > 0);
  if (json) process.stdout.write(`${JSON.stringify({ ok: !failed, reviews: results }, null, 2)}\n`);
  else if (results.length === 0) process.stdout.write(`no reviews in ${repoDir}\n`);
  else {
    for (const result of results) {
      process.stdout.write(`review ${result.reviewId}: ${result.findings.length === 0 ? 'audit passed' : `${result.findings.length} finding(s)`}\n`);
      for (const finding of result.findings) process.stdout.write(`  ${finding.rule}: ${finding.message}\n`);
    }
  }
  if (failed) throw new ExitError(1);
}

async function createSurvivorReverifier(repoDir: string): Promise<(record: ReviewRecordEntry) => Promise<ReviewAuditFinding[]>> {
  const { loadVerifierConfig } = await import('../../verifier/config/read-verifier-config.js');
  const { createReviewServices } = await import('../../review/run-review.js');
  const { reverifyReviewSurvivors } = await import('../../review/reverify-review-survivors.js');
  const { config } = await loadVerifierConfig(repoDir);
  const services = await createReviewServices(config, process.env, { cache: false });
  return (record) => reverifyReviewSurvivors(repoDir, record, services);
}

/** `audit --since REF [--require-verified] [--reverify]`: the provenance of every commit since REF that changed Verus sources. */
async function auditSince(repoDir: string, ref: string, options: { json: boolean; reverify: boolean; requireVerified: boolean }): Promise<void> {
  const { GitProofLedger } = await import('../../ledger/git-proof-ledger.js');
  const { auditCommitsSince } = await import('../../ledger/audit-commits-since.js');
  const ledger = await GitProofLedger.open(repoDir);
  let reverify: import('../../ledger/audit-commits-since.js').CommitReverifier | null = null;
  if (options.reverify) {
    const { loadVerifierConfig } = await import('../../verifier/config/read-verifier-config.js');
    const { createVerifier } = await import('../../verification/create-verifier.js');
    const { reverifyCommit } = await import('../../repair/reverify/reverify-commit.js');
    const { config } = await loadVerifierConfig(ledger.repoDir);
    const verifier = await createVerifier(config);
    const verification = { rlimit: config.rlimit, expandErrors: config.expandErrors, noCheating: config.noCheating, timeoutMs: config.timeoutMs, extraVerusArgs: config.extraVerusArgs };
    reverify = (commit, files) => reverifyCommit(ledger, commit, files, verifier, verification);
  }
  const result = await auditCommitsSince(ledger, ref, reverify);
  const failing = result.audits.filter((audit) => audit.provenance.status === 'unverified');
  if (options.json) process.stdout.write(`${JSON.stringify({ ok: !options.requireVerified || failing.length === 0, since: ref, base: result.base, commits: result.commits, audits: result.audits }, null, 2)}\n`);
  else {
    const lines = [`audit since ${ref} (${result.base.slice(0, 10)}): ${result.commits} commit(s), ${result.audits.length} changed Verus sources`];
    for (const audit of result.audits) {
      const provenance = audit.provenance;
      const said = provenance.status === 'applied' ? `verified: applied from run ${provenance.runId} (candidate ${provenance.from.slice(0, 10)})` : provenance.status === 'reverified' ? `verified now: ${provenance.detail}` : `NOT VERIFIED: ${provenance.reason}`;
      lines.push(`  ${audit.commit.slice(0, 10)} ${said} (${audit.files.join(', ')}) ${JSON.stringify(audit.subject)}`);
    }
    if (failing.length > 0) lines.push(`${failing.length} commit(s) since ${ref} changed Verus sources without a recorded verified candidate${options.reverify ? ' and do not verify now' : ' (--reverify verifies them now)'}: ${failing.map((audit) => audit.commit.slice(0, 10)).join(', ')}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (options.requireVerified && failing.length > 0) throw new ExitError(1);
}
