import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';
import type { VerificationOptions } from '../core/verifier.js';
import { createRunId } from '../repair/setup/create-run-id.js';
import { ResultCache } from '../verifier/cache/result-cache.js';
import { CONFIG_FILE_NAME, loadVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { createVerifier } from '../verification/create-verifier.js';
import { findProjectRoot } from '../verifier/find-project-root.js';
import { CargoPrechecker } from '../verifier/precheck/cargo-prechecker.js';
import { defaultReviewConfig, readReviewConfig } from './config/read-review-config.js';
import { DEFAULT_SPEC_CHECK_INPUTS } from '../specification/index.js';
import type { MutationOperator } from './mutation-operator.js';
import { prepareReprove } from './reprove/prepare-reprove.js';
import { reviewCrate } from './review-crate.js';
import type { ReviewEvent } from './review-event.js';
import type { ReviewOutcome } from './review-result.js';
import type { ReviewServices } from './review-services.js';
import type { VerifierConfig } from '../verifier/config/verifier-config.js';

/** `verus-repair review` as a library call: unset options fall back to `[review]`, then defaults. */
export interface RunReviewRequest {
  crateDir: string;
  file?: string;
  functions?: string[];
  operators?: MutationOperator[];
  maxMutants?: number;
  seed?: number;
  jobs?: number;
  vacuity?: boolean;
  /** Spec tests (the harness on the original and on mutants before Verus); default `[review] spec_tests`, true. */
  specTests?: boolean;
  against?: string;
  /** Settle the erased stages through one mutant schema (default true; `--no-schemata`: each mutant built on its own). */
  schemata?: boolean;
  runner?: 'docker' | 'local' | 'queue';
  cache?: boolean;
  /** Re-prove mutants killed by Verus with the repair loop (`[model]` required), within this budget per mutant. */
  reprove?: { iterations?: number; maxTokens?: number; replayDir?: string; recordDir?: string };
  environment?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  onEvent?: (event: ReviewEvent) => void;
}

/** Loads `[verifier]` and `[review]`, builds the same verifier, pre-checker and cache as `repair`, and reviews the crate. */
export async function runReview(request: RunReviewRequest): Promise<ReviewOutcome> {
  const environment = request.environment ?? process.env;
  const crateDir = path.resolve(request.crateDir);
  const projectRoot = await findProjectRoot(crateDir);
  const loaded = await loadVerifierConfig(projectRoot);
  const review = await loadReviewConfig(projectRoot);
  const config = { ...loaded.config, runner: request.runner ?? loaded.config.runner };
  const id = createRunId();
  const reprove = request.reprove === undefined ? undefined : await prepareReprove(projectRoot, id, review, request.reprove, environment, request.signal);
  const services = await createReviewServices(config, environment, { cache: request.cache !== false, specTests: request.specTests ?? review.specTests, ...(request.onEvent === undefined ? {} : { onEvent: request.onEvent }), ...(request.signal === undefined ? {} : { signal: request.signal }) });
  return reviewCrate(
    {
      id,
      crateDir,
      file: request.file ?? null,
      functions: request.functions ?? [],
      operators: request.operators ?? review.operators,
      maxMutants: request.maxMutants ?? review.maxMutants,
      seed: request.seed ?? review.seed,
      jobs: request.jobs ?? review.jobs,
      vacuity: request.vacuity ?? review.vacuity,
      against: request.against ?? null,
      ...(request.schemata === undefined ? {} : { schemata: request.schemata }),
    },
    reprove === undefined ? services : { ...services, reprove },
  );
}

async function loadReviewConfig(projectRoot: string) {
  const file = path.join(projectRoot, CONFIG_FILE_NAME);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return defaultReviewConfig();
  }
  const { config, errors } = readReviewConfig(text, file);
  if (config === null) throw new ConfigurationError(errors.join('\n'));
  return config;
}

/** The verifier, pre-checkers, cache and options of a review (or of `audit --reviews --reverify`), from `[verifier]`. */
export async function createReviewServices(config: VerifierConfig, environment: NodeJS.ProcessEnv, settings: { cache: boolean; specTests?: boolean; onEvent?: (event: ReviewEvent) => void; signal?: AbortSignal }): Promise<ReviewServices> {
  const options: VerificationOptions = { rlimit: config.rlimit, expandErrors: config.expandErrors, noCheating: config.noCheating, timeoutMs: config.timeoutMs, extraVerusArgs: config.extraVerusArgs, scope: config.scope };
  // Mutants and probes never build in the user's own CARGO_TARGET_DIR (selectPrecheckTargetDir's choice
  // when target_dir is unset): their artifacts would sit there under variant names, and the lib and bin
  // cargo copies to the top of the target directory would be a mutant's. The project's own pre-check
  // directory keeps vstd built across reviews; the original, the user's crate itself, still builds where the user builds.
  const variantPrecheck = { ...config.precheck, targetDir: config.precheck.targetDir ?? config.precheck.defaultTargetDir };
  return {
    verifier: await createVerifier(config, environment),
    prechecker: new CargoPrechecker({ config: { ...config, precheck: { ...config.precheck, test: true } }, environment }),
    createVariantPrechecker: (timeoutMs, variant) => {
      const extra = variant?.environment ?? {};
      const precheck = { ...variantPrecheck, test: variant?.test ?? true, timeoutMs: Math.min(timeoutMs, config.precheck.timeoutMs) };
      return new CargoPrechecker({ config: { ...config, passEnv: [...config.passEnv, ...Object.keys(extra)], precheck }, environment: { ...environment, ...extra }, ...(variant?.buildStep === undefined ? {} : { buildStep: variant.buildStep }) });
    },
    cache: settings.cache ? new ResultCache(config.cacheDir) : null,
    precheckRunsTests: true,
    options,
    emit: settings.onEvent ?? (() => {}),
    ...(settings.signal === undefined ? {} : { signal: settings.signal }),
    // The harness builds where the variants build (vstd once), never in the user's CARGO_TARGET_DIR.
    ...(settings.specTests === true ? { specTests: { config: { ...config, precheck: variantPrecheck }, environment, inputs: DEFAULT_SPEC_CHECK_INPUTS, seed: 0 } } : {}),
  };
}
