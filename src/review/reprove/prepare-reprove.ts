import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { readRepairConfig } from '../../repair/setup/read-repair-config.js';
import { CONFIG_FILE_NAME } from '../../verifier/config/read-verifier-config.js';
import type { ReviewConfig } from '../config/review-config.js';
import type { ReproveSettings } from './reprove-mutant.js';

/**
 * Checks everything `--reprove` needs before the review starts (a `[model]` section that the repair
 * loop accepts, a replay directory that exists) and says where the per-mutant repositories go:
 * `<project>/.verus-repair/reprove/<review id>/<mutant id>`.
 */
export async function prepareReprove(projectRoot: string, reviewId: string, config: ReviewConfig, request: { iterations?: number; maxTokens?: number; replayDir?: string; recordDir?: string }, environment: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<ReproveSettings> {
  const file = path.join(projectRoot, CONFIG_FILE_NAME);
  const configText = await readFile(file, 'utf8').catch(() => null);
  if (configText === null || !/^\s*\[model\]/m.test(configText)) throw new ConfigurationError(`--reprove needs a [model] section in ${file} (the repair loop's model). Example: [model] name = "gpt-4o-mini"`);
  const { verifier } = await readRepairConfig(projectRoot, environment, { needsApiKey: request.replayDir === undefined });
  if (request.replayDir !== undefined && !(await readFile(request.replayDir).then(() => false, (error: NodeJS.ErrnoException) => error.code === 'EISDIR'))) throw new ConfigurationError(`--replay ${request.replayDir}: expected a directory of per-mutant cassettes (<mutant id>.jsonl) written by --record`);
  if (request.recordDir !== undefined) await mkdir(request.recordDir, { recursive: true });
  return {
    directory: path.join(projectRoot, '.verus-repair', 'reprove', reviewId),
    configText,
    budget: { iterations: request.iterations ?? config.reproveIterations, maxTokens: request.maxTokens ?? config.reproveMaxTokens },
    replayDir: request.replayDir === undefined ? null : path.resolve(request.replayDir),
    recordDir: request.recordDir === undefined ? null : path.resolve(request.recordDir),
    environment,
    // The copied config would resolve target_dir, and the default, inside each mutant's repository.
    // Never the user's own CARGO_TARGET_DIR: a re-proof builds a mutant (see createReviewServices).
    precheckTargetDir: verifier.precheck.targetDir ?? verifier.precheck.defaultTargetDir,
    ...(signal === undefined ? {} : { signal }),
  };
}
