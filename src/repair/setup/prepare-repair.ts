import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { applyModelFamily, createIrCandidateApplier, createModelStack, loadPromptTemplates, loadTacticCatalog, usesCounterexamples, usesTactics, type FeedbackLevel } from '../../agents/index.js';
import { ConfigurationError } from '../../core/errors.js';
import { DEFAULT_GUARD_POLICY } from '../../core/guard-verdict.js';
import type { VerificationScopePolicy, Verifier } from '../../core/verifier.js';
import { resolveGuardPolicy } from '../../guard/resolve-guard-policy.js';
import { findCloseNames } from '../../guard/find-close-names.js';
import { parseSpecChangeSelectors } from '../../guard/spec-change-policy.js';
import { GitProofLedger } from '../../ledger/git-proof-ledger.js';
import { ResultCache } from '../../verifier/cache/result-cache.js';
import { createVerifier } from '../../verification/create-verifier.js';
import { CargoPrechecker } from '../../verifier/precheck/cargo-prechecker.js';
import { listVerificationInputs } from '../../verifier/cache/list-verification-inputs.js';
import { readPinInForce } from '../../verifier/toolchain/read-pin-in-force.js';
import { listStabilitySeeds } from '../../verifier/stability/list-stability-seeds.js';
import { checkTargetFile } from '../candidates/check-target-file.js';
import { createRunId } from './create-run-id.js';
import { readRepairConfig } from './read-repair-config.js';
import { resolveCrateDirectory } from './resolve-crate-directory.js';
import { resolveModelOrigin } from './resolve-model-origin.js';
import { DEFAULT_REPAIR_BUDGET } from './repair-budget.js';
import type { RepairEventSink } from '../repair-event.js';
import type { RepairRequest, RepairServices } from '../repair-request.js';

/** What the `repair` command was asked, before config files are read. */
export interface RepairInvocation {
  crate: string;
  file: string | null;
  functions: string[];
  iterations: number;
  feedbackLevel: FeedbackLevel;
  /** `repair --tactic-budget`: tokens for the cards of one guided feedback message; absent = the default (700). */
  tacticBudget?: number | null;
  samples: number | null;
  model: string | null;
  runner: 'docker' | 'local' | 'queue' | null;
  replay: string | null;
  record: string | null;
  allowSpecChanges: string[];
  houdiniRounds: number;
  maxTokens: number | null;
  maxCostUsd: number | null;
  maxWallTimeMs: number | null;
  cache: boolean;
  runId: string | null;
  /** `repair --scope`; null or absent = `[verifier] scope` (default `focused`). */
  scope?: VerificationScopePolicy | null;
  /** `--stability N`: solver seeds a verified candidate is re-verified under; null or absent = `[verifier] stability_seeds` (default 0, off). */
  stability?: number | null;
  environment: NodeJS.ProcessEnv;
  /** Overrides the verifier (the demo's recorded verifier); null = the configured runner. */
  verifier?: Verifier;
  /** Aborts the run (the CLI's Ctrl-C). */
  signal?: AbortSignal;
  /** Where the pre-check builds, overriding selectPrecheckTargetDir's rule (a re-proof's repository builds in its project's shared directory). */
  precheckTargetDir?: string;
}

/**
 * Reads verus-repair.toml, checks every input (crate, file, config, cassettes, budget), then wires
 * model, verifier, pre-check, cache and ledger. Creates nothing in git: a refused input leaves no run.
 */
export async function prepareRepair(invocation: RepairInvocation, emit: RepairEventSink): Promise<{ request: RepairRequest; services: RepairServices; warnings: string[] }> {
  const crateDir = await resolveCrateDirectory(invocation.crate);
  const ledger = await GitProofLedger.open(crateDir);
  const environment = { ...invocation.environment };
  if (invocation.model !== null) environment['VERUS_REPAIR_MODEL'] = invocation.model;
  const replaying = invocation.replay !== null;
  const { file: configFile, verifier: verifierConfig, model: configuredModel, guard: guardConfig, warnings } = await readRepairConfig(ledger.repoDir, environment, { needsApiKey: !replaying });
  // `--model` may name another family than the file's model: its defaults (temperature, max-tokens field) follow the name.
  const modelConfig = applyModelFamily(configuredModel, invocation.model ?? configuredModel.name);
  if (invocation.maxCostUsd !== null && !(modelConfig.name in modelConfig.prices)) throw new ConfigurationError(describeMissingPrice(modelConfig.name, configFile));
  const file = await checkTargetFile(crateDir, invocation.file ?? (await defaultFile(crateDir, invocation.functions)), invocation.file);
  const { metered, warnings: modelWarnings, cassette } = createModelStack(modelConfig, {
    environment, ...(invocation.replay === null ? {} : { replayFrom: invocation.replay }), ...(invocation.record === null ? {} : { recordTo: invocation.record }),
    onModelWaiting: emit, onModelAdapted: emit,
  });
  const runner = invocation.runner ?? verifierConfig.runner;
  // Candidates build in the project's shared target directory (selectPrecheckTargetDir): `.verus-repair/cargo-target` unless configured; never the user's CARGO_TARGET_DIR.
  const config = { ...verifierConfig, runner, ...(invocation.precheckTargetDir === undefined ? {} : { precheck: { ...verifierConfig.precheck, targetDir: invocation.precheckTargetDir } }) };
  // `pop` names `Stack::pop`; an unknown or ambiguous --fn is a ConfigurationError before the run starts.
  const policy = await resolveGuardPolicy(
    { ...DEFAULT_GUARD_POLICY, allowRlimitIncrease: guardConfig.allowRlimitIncrease, allowSpecChanges: parseSpecChangeSelectors(invocation.allowSpecChanges), ...(invocation.functions.length === 0 ? {} : { targetFunctions: invocation.functions }) },
    [{ path: file, bytes: await readFile(path.join(crateDir, file)).catch(() => { throw new ConfigurationError(`cannot read ${file} in ${crateDir}; check --file (relative to the crate)`); }) }],
  );
  const request: RepairRequest = {
    runId: invocation.runId ?? createRunId(),
    repoDir: ledger.repoDir,
    crateDir: path.relative(ledger.repoDir, crateDir),
    file,
    targetFunctions: policy.targetFunctions ?? null,
    feedbackLevel: invocation.feedbackLevel,
    ...(invocation.tacticBudget == null ? {} : { tacticBudgetTokens: invocation.tacticBudget }),
    samples: invocation.samples ?? modelConfig.samples,
    budget: { ...DEFAULT_REPAIR_BUDGET, iterations: invocation.iterations, maxTokens: invocation.maxTokens, maxCostUsd: invocation.maxCostUsd, maxWallTimeMs: invocation.maxWallTimeMs },
    policy,
    houdiniRounds: invocation.houdiniRounds,
    verification: { rlimit: config.rlimit, expandErrors: config.expandErrors, noCheating: config.noCheating, timeoutMs: config.timeoutMs, extraVerusArgs: config.extraVerusArgs, scope: invocation.scope ?? config.scope },
    stabilitySeeds: listStabilitySeeds(invocation.stability ?? config.stabilitySeeds),
    modelName: modelConfig.name,
    modelOrigin: resolveModelOrigin(modelConfig.baseUrl, { replay: invocation.replay, record: invocation.record }),
    concurrency: Math.max(1, Math.min(invocation.samples ?? modelConfig.samples, availableParallelism())),
    toolchainPin: await readPinInForce(config.pin),
  };
  // A broken prompts/tactics/ folder is refused before the run starts, not at the first feedback.
  if (usesTactics(request.feedbackLevel)) loadTacticCatalog();
  const services: RepairServices = {
    model: metered,
    templates: loadPromptTemplates(),
    applier: await createIrCandidateApplier(file),
    editorSettings: {
      temperature: modelConfig.temperature, maxOutputTokens: modelConfig.maxOutputTokens, sampling: { samples: request.samples, sampling: modelConfig.sampling, parallelRequests: modelConfig.parallelRequests },
      toolChoice: modelConfig.toolChoice, reasoningEffort: modelConfig.reasoningEffort,
    },
    instructorOptions: { temperature: modelConfig.temperature, maxOutputTokens: Math.min(modelConfig.maxOutputTokens, 400), reasoningEffort: modelConfig.reasoningEffort },
    verifier: invocation.verifier ?? (await createVerifier(config, environment)),
    prechecker: config.precheck.enabled ? new CargoPrechecker({ config, environment }) : null,
    precheckRunsTests: config.precheck.test,
    cache: invocation.cache ? new ResultCache(path.resolve(ledger.repoDir, config.cacheDir)) : null,
    ledger,
    cassette,
    emit,
    // The counterexample levels run the erased code (src/specification) with the run's cargo and shared target directory.
    specCheck: usesCounterexamples(request.feedbackLevel) ? { environment, config } : null,
    now: () => performance.now(),
    ...(invocation.signal === undefined ? {} : { signal: invocation.signal }),
  };
  return { request, services, warnings: [...warnings, ...modelWarnings] };
}

function describeMissingPrice(model: string, configFile: string): string {
  return `--max-cost needs a price for "${model}": set [model.prices."${model}"] input_per_million and output_per_million in ${configFile}, or drop --max-cost. Example:\n[model.prices."${model}"]\ninput_per_million = 0.15\noutput_per_million = 0.6`;
}

/** The file to repair: the one defining the first `--fn` function, else src/lib.rs or src/main.rs. */
async function defaultFile(crateDir: string, functions: readonly string[]): Promise<string> {
  const { files } = await listVerificationInputs({ kind: 'crate', crateDir });
  const sources = files.filter((file) => file.endsWith('.rs'));
  const wanted = functions[0]?.split('::').pop();
  if (wanted !== undefined) {
    const definedNames: string[] = [];
    for (const file of sources) {
      const names = [...(await readFile(path.join(crateDir, file), 'utf8')).matchAll(/\bfn\s+([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? '');
      if (names.includes(wanted)) return file;
      definedNames.push(...names);
    }
    const close = findCloseNames(wanted, [...new Set(definedNames)]);
    const hint = close.length > 0 ? `did you mean ${close.join(', ')}? ` : '';
    throw new ConfigurationError(`no file under ${crateDir}/src defines fn ${wanted}; ${hint}check --fn, or name the file with --file src/<file>.rs`);
  }
  for (const candidate of ['src/lib.rs', 'src/main.rs']) if (sources.includes(candidate)) return candidate;
  throw new ConfigurationError(`${crateDir} has neither src/lib.rs nor src/main.rs; name the file to repair with --file src/<file>.rs`);
}
