import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { PACKAGE_ROOT } from '../../verifier/toolchain/packaged-paths.js';
import { readFinishedAttempts } from '../attempts/attempt-log.js';
import type { BenchSetting } from '../grids/bench-grid.js';
import type { BenchSummary } from './bench-summary.js';
import { buildLeaderboardSubmission } from './build-leaderboard-submission.js';
import type { LeaderboardSubmission } from './leaderboard-submission.js';
import { isPublishedSuite, PUBLISHED_SUITES, type PublishedSuite } from '../suites/published-suites.js';

export interface LeaderboardExportOptions {
  benchDir: string;
  /** Already checked by the caller (checkOutputPath); created here once every submission is built. */
  outDir: string;
  systemName: string | null;
  benchmark: string | null;
  submissionId: string | null;
  now: Date;
}

const SUBMISSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,100}$/;

/**
 * `bench export DIR --leaderboard`: one submission JSON per setting (model × feedback × samples ×
 * temperature) of a finished bench, from its summary.json, settings.json and attempts.jsonl. Every
 * submission is built before anything is written, so a refused export writes nothing.
 */
export async function exportLeaderboard(options: LeaderboardExportOptions): Promise<Array<{ file: string; submission: LeaderboardSubmission }>> {
  const summary = readJson<BenchSummary>(options.benchDir, 'summary.json');
  if (typeof summary.schema !== 'string' || !summary.schema.startsWith('verus-repair.bench-summary/')) throw new ConfigurationError(`${path.join(options.benchDir, 'summary.json')} is not a verus-repair bench summary; give the --out directory of a finished bench`);
  const settings = readJson<BenchSetting[]>(options.benchDir, 'settings.json');
  const attemptsFile = path.join(options.benchDir, 'attempts.jsonl');
  if (!existsSync(attemptsFile)) throw new ConfigurationError(`${options.benchDir} holds no attempts.jsonl; give the --out directory of a finished bench`);
  const records = readFinishedAttempts(attemptsFile);
  const { benchmark, from } = selectBenchmark(summary, options.benchmark);
  if (options.submissionId !== null && !SUBMISSION_ID.test(options.submissionId)) throw new ConfigurationError(`--submission-id expects letters, digits, ".", "_" or "-" (it names the file too); got "${options.submissionId}", e.g. --submission-id verus-repair-gpt-4o-v1`);
  const date = options.now.toISOString().slice(0, 10);
  const version = readVersion();
  const submissions = settings.map((setting) => {
    const own = records.filter((record) => record.settingId === setting.id);
    if (!own.some((record) => record.repetition === 1 && Object.hasOwn(summary.taskWallTimeMs, record.taskId))) throw new ConfigurationError(`${attemptsFile}: setting ${setting.id} has no finished attempt in repetition 1, so there is nothing to submit for it; finish the bench with --resume first`);
    const base = options.submissionId ?? `verus-repair-${setting.id}-${date}`;
    const submissionId = (options.submissionId !== null && settings.length === 1 ? base : options.submissionId !== null ? `${base}-${setting.id}` : base).replace(/[^A-Za-z0-9._-]/g, '_');
    return buildLeaderboardSubmission({
      summary, setting, records: own, benchmark, benchmarkFrom: from, submissionId, systemName: options.systemName ?? 'verus-repair', date, version, benchDir: path.resolve(options.benchDir),
    });
  });
  await mkdir(options.outDir, { recursive: true });
  const written: Array<{ file: string; submission: LeaderboardSubmission }> = [];
  for (const submission of submissions) {
    const file = path.join(options.outDir, `${submission.submission_id}.json`);
    await writeFile(file, `${JSON.stringify(submission, null, 2)}\n`);
    written.push({ file, submission });
  }
  return written;
}

/** --benchmark when given (it must agree with the layout when the layout names one), else the suite's layout; otherwise the user must say. */
function selectBenchmark(summary: BenchSummary, flag: string | null): { benchmark: PublishedSuite; from: 'suite layout' | '--benchmark' } {
  const fromLayout = summary.publishedSuite ?? null;
  if (flag !== null) {
    if (!isPublishedSuite(flag)) throw new ConfigurationError(`--benchmark expects one of ${PUBLISHED_SUITES.join(', ')} (the leaderboard's names); got "${flag}"`);
    if (fromLayout !== null && fromLayout !== flag) throw new ConfigurationError(`--benchmark ${flag} disagrees with the suite the bench ran: its layout is ${fromLayout} (${summary.suite}); drop --benchmark or bench the suite you mean`);
    return { benchmark: flag, from: '--benchmark' };
  }
  if (fromLayout !== null) return { benchmark: fromLayout, from: 'suite layout' };
  throw new ConfigurationError(`cannot tell which benchmark ${summary.suite} is: its layout is not a whole Verus-Bench or VeruSAGE-Bench checkout (a batch, a single source or a manifest is a part or a suite of its own). If the tasks are one of them, say which with --benchmark ${PUBLISHED_SUITES.join('|')}`);
}

function readJson<T>(directory: string, name: string): T {
  const file = path.join(directory, name);
  if (!existsSync(file)) throw new ConfigurationError(`${directory} holds no ${name}; give the --out directory of a finished bench`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new ConfigurationError(`${file} is not JSON (${(error as Error).message}); give the --out directory of a finished bench`);
  }
}

function readVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
