import type { ProcessJob } from '../verifier/jobs/process-job.js';
import { runProcessJob } from '../verifier/run/run-process-job.js';
import type { BenchReport } from './bench-report.js';
import { compareInterleaved } from './compare-interleaved.js';

const RUNS = 40;

/**
 * What the lifeline (src/verifier/run/start-lifeline.ts) adds to each child: `true` run through
 * runProcessJob with and without it, interleaved; and, for comparison, what the alternatives cost:
 * util-linux's `setpriv --pdeathsig` in front of the child (a death signal reaches that process
 * only, not the rustc or z3 under it), and a supervisor written in Node (at least one more Node
 * start per child, here `node -e 0`), both without a lifeline.
 */
export async function runLifelineBenchmark(): Promise<BenchReport> {
  const job = (command: string[]): ProcessJob => ({ command, cwd: process.cwd(), env: { PATH: process.env['PATH'] ?? '' }, timeoutMs: 60_000, maxOutputBytes: 4096, cleanupCommands: [] });
  const setpriv = (await runProcessJob(job(['setpriv', '--pdeathsig', 'KILL', '--', 'true']), { endWithParent: false })).kind === 'exited';
  const [plain, withLifeline, nodeStart, deathSignal] = await compareInterleaved(RUNS, [
    () => runProcessJob(job(['true']), { endWithParent: false }),
    () => runProcessJob(job(['true'])),
    () => runProcessJob(job([process.execPath, '-e', '0']), { endWithParent: false }),
    () => (setpriv ? runProcessJob(job(['setpriv', '--pdeathsig', 'KILL', '--', 'true']), { endWithParent: false }) : Promise.resolve()),
  ]);
  return {
    name: 'lifeline (children die with verus-repair)',
    lines: [
      `\`true\` through runProcessJob, no lifeline:   ${plain.toFixed(2)} ms (median of ${RUNS}, interleaved)`,
      `the same with its lifeline:                  ${withLifeline.toFixed(2)} ms  -> added ${(withLifeline - plain).toFixed(2)} ms, ratio ${(withLifeline / plain).toFixed(2)}`,
      setpriv ? `setpriv --pdeathsig KILL -- true:             ${deathSignal.toFixed(2)} ms  -> ratio ${(deathSignal / plain).toFixed(2)}` : 'setpriv --pdeathsig: not installed here',
      `a Node start (what a Node supervisor adds):  ${nodeStart.toFixed(2)} ms  -> ratio ${(nodeStart / plain).toFixed(2)}`,
    ],
    metrics: { plainMs: plain, lifelineMs: withLifeline, lifelineAddedMs: withLifeline - plain, lifelineRatio: withLifeline / plain, nodeStartMs: nodeStart, ...(setpriv ? { setprivMs: deathSignal } : {}) },
  };
}
