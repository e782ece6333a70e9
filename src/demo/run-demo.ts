import { describeModelOrigin } from '../core/model-origin.js';
import { describeVerdictOrigin, type VerdictOrigin } from '../core/verdict-origin.js';
import { auditRun } from '../ledger/audit-run.js';
import { createProgressRenderer } from '../repair/report/render-repair-progress.js';
import { prepareRepair } from '../repair/setup/prepare-repair.js';
import { repairCrate } from '../repair/repair-crate.js';
import { RecordedVerifier } from '../verifier/recorded/recorded-verifier.js';
import { readVerifierRecordings } from '../verifier/recorded/verifier-recordings.js';
import { createDemoRepository } from './create-demo-repository.js';
import { DEMO_MODEL, DEMO_RUN_ID, demoPaths } from './demo-paths.js';
import { demoTargetDir } from './demo-target-dir.js';
import { findPackageRoot } from './find-package-root.js';

export interface DemoResult {
  repoDir: string;
  runId: string;
  outcome: 'verified' | 'not-verified';
  auditFindings: number;
}

/**
 * A complete repair episode, offline: the real IR, guard, erased cargo pre-check and git ledger in a
 * temporary repository, with model answers replayed from a recorded cassette and verifier outputs
 * replayed from synthetic recordings. `record` re-records the cassette against a scripted server.
 */
export async function runDemo(
  output: NodeJS.WriteStream,
  mode: { kind: 'replay' } | { kind: 'record'; baseUrl: string } = { kind: 'replay' },
  options: { targetDir?: string } = {},
): Promise<DemoResult> {
  const root = findPackageRoot();
  const paths = demoPaths(root);
  const recordings = await readVerifierRecordings(paths.verifierRecordings);
  const targetDir = options.targetDir ?? demoTargetDir(root);
  const verdictOrigin: VerdictOrigin = { kind: 'recorded', source: paths.verifierRecordings, synthetic: recordings.provenance === 'synthetic' };
  const { repoDir, crateDir } = await createDemoRepository(paths, mode.kind === 'record' ? mode.baseUrl : 'http://127.0.0.1:9/v1', targetDir);
  output.write([
    `verus-repair demo: repairing the bundled binary-search crate (${paths.crate}), whose \`sorted(v@)\` loop invariant was removed.`,
    mode.kind === 'replay'
      ? `REPLAY: model answers ${describeModelOrigin({ kind: 'cassette', file: paths.cassette })}; no model is contacted.`
      : `RECORDING the model cassette against ${mode.baseUrl}.`,
    `${verdictOrigin.synthetic ? 'SYNTHETIC ' : ''}verifier: ${describeVerdictOrigin(verdictOrigin)}; no Verus runs.`,
    `Executed here: the IR, the integrity guard, the erased cargo build/test pre-check (target directory ${targetDir}) and the git proof ledger.`,
    '',
  ].join('\n'));
  const renderer = createProgressRenderer(output);
  try {
    const { request, services } = await prepareRepair({
      crate: crateDir, file: null, functions: [], iterations: 6, feedbackLevel: 'auto', samples: 2, model: DEMO_MODEL, runner: 'local',
      replay: mode.kind === 'replay' ? paths.cassette : null, record: mode.kind === 'record' ? paths.cassette : null,
      allowSpecChanges: [], houdiniRounds: 2, maxTokens: null, maxCostUsd: null, maxWallTimeMs: null, cache: true, runId: DEMO_RUN_ID,
      environment: process.env,
      verifier: new RecordedVerifier(recordings, paths.verifierRecordings),
    }, renderer.sink);
    const result = await repairCrate(request, services);
    const { findings } = await auditRun(services.ledger, DEMO_RUN_ID);
    output.write([
      '',
      `audit: ${findings.length === 0 ? 'passed' : `${findings.length} finding(s)`}: every Source-SHA256 recomputed from the commits, every note checked against its commit.`,
      `The ledger is in ${repoDir} on branch ${result.ledgerBranch}. Explore it with:`,
      `  npx verus-repair log --repo ${repoDir} ${DEMO_RUN_ID}`,
      `  npx verus-repair audit --repo ${repoDir} ${DEMO_RUN_ID}`,
      `  git -C ${repoDir} log --notes=verus-repair ${result.ledgerBranch}`,
      `Run report: ${result.reportFiles.find((file) => file.endsWith('.html')) ?? ''}`,
      '',
    ].join('\n'));
    return { repoDir, runId: DEMO_RUN_ID, outcome: result.outcome, auditFindings: findings.length };
  } finally {
    renderer.stop();
  }
}
