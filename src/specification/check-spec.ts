import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseVerusBytes, type FunctionItem, type VerusFileIr } from '../ir/index.js';
import { loadVerifierConfig } from '../verifier/config/read-verifier-config.js';
import type { VerifierConfig } from '../verifier/config/verifier-config.js';
import { selectPrecheckTargetDir } from '../verifier/precheck/select-precheck-target-dir.js';
import { acquireHarnessDirectory, releaseHarnessDirectory } from './harness/acquire-harness-directory.js';
import { addHarnessAccess } from './harness/add-harness-access.js';
import { assembleNotExecutable, assembleRun } from './report/assemble-function-check.js';
import { buildHarness, type HarnessBuild } from './harness/build-harness.js';
import type { FunctionCheckPlan, PlannedFunction } from './plan/function-check-plan.js';
import { mineLiterals } from './inputs/mine-literals.js';
import type { InvariantProbe } from './invariants/invariant-probe.js';
import { planFunctionCheck } from './plan/plan-function-check.js';
import { readCrateSources } from './harness/read-crate-sources.js';
import { runFunctionCheck } from './harness/run-function-check.js';
import { loadSpecCheckConfig } from './read-spec-check-config.js';
import { listEnsuredExecFunctions, selectSpecTargets } from './plan/select-spec-targets.js';
import { summarizeSpecCheck } from './report/summarize-spec-check.js';
import { withUnplannedClauses } from './plan/with-unplanned-clauses.js';
import { collectSpecFunctions, type SpecFunctionSource } from './types/spec-function-source.js';
import type { FunctionSpecCheck, SpecCheckReport } from './report/spec-check-report.js';

export const DEFAULT_SPEC_CHECK_INPUTS = 1000;
export const DEFAULT_CALL_TIMEOUT_MS = 2000;

export interface CheckSpecRequest {
  crateDir: string;
  /** The exec functions to check, by name or qualified name; absent: every exec function with an ensures (listEnsuredExecFunctions). */
  functions?: readonly string[];
  /**
   * Of `functions`, the ones to run and report (absent: all). The harness is still built for every
   * one of `functions`, so that checks of different functions share one build: review's spec tests
   * run one mutant's function at a time against the schema's harness of all of them.
   */
  runFunctions?: readonly string[];
  /** Inputs tried per function (half bounded-exhaustive at most, the rest seeded random). */
  inputs?: number;
  seed?: number;
  callTimeoutMs?: number;
  /** The harness process's heap cap in MiB; absent = the crate's [spec_check] memory_mb (default 1024). */
  memoryMb?: number;
  environment?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** The crate's files as they should be checked (a candidate, an instrumented copy) instead of those on disk; crateDir still locates the config and Cargo.lock. */
  files?: ReadonlyMap<string, Uint8Array>;
  /**
   * The files the harness crate is built from, when they differ from `files`, which the checks are
   * planned from: review's mutant schema, which holds the planned mutant among the others, selected
   * at run time by `runEnvironment`. The same functions with the same signatures must be in both.
   */
  buildFiles?: ReadonlyMap<string, Uint8Array>;
  /** Variables the harness process gets (a schema's active mutant); nothing else of `environment` reaches it but PATH. */
  runEnvironment?: Readonly<Record<string, string>>;
  /** Also run output perturbation on each valid input (weak-postcondition witnesses, for review). */
  perturbResults?: boolean;
  /** The verifier config whose cargo and pre-check target directory the build uses; absent = the crate's verus-repair.toml. */
  config?: VerifierConfig;
  /** Loop invariant probes the files' instrumented loops call (testLoopInvariants). */
  probes?: readonly InvariantProbe[];
  /** Build in a scratch harness crate of its own, not a slot, and keep it (its path is in the report) instead of removing it. */
  keepScratch?: boolean;
  /** Reuse a harness binary built before from the same sources and toolchain (default true); false builds anew. */
  reuseHarness?: boolean;
}

/**
 * Runs the erased exec code of each named function on generated inputs and checks its ensures
 * (compiled by vstd's exec_spec_unverified!) on every input that satisfies its requires. One
 * harness crate is built for all the functions; each function then runs as its own process.
 * A counterexample is real evidence (the code ran); no counterexample proves nothing.
 */
export async function checkSpec(request: CheckSpecRequest): Promise<SpecCheckReport> {
  const crateDir = path.resolve(request.crateDir);
  const environment = request.environment ?? process.env;
  const memoryMb = request.memoryMb ?? (await loadSpecCheckConfig(crateDir)).memoryMb;
  const settings = { budget: request.inputs ?? DEFAULT_SPEC_CHECK_INPUTS, seed: request.seed ?? 0, callTimeoutMs: request.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, memoryMb, perturbResults: request.perturbResults === true };
  const files = request.files ?? (await readCrateSources(crateDir));
  const irs = await parseCrateFiles(files, crateDir);
  const targets = selectSpecTargets(irs, request.functions ?? listEnsuredExecFunctions(irs), crateDir);
  const running = request.runFunctions === undefined ? null : new Set(selectSpecTargets(irs, request.runFunctions, crateDir).map(targetKey));
  const specFunctions = collectSpecFunctions(irs);
  const planned = targets.map(({ fn, file }, index) => withLiterals(planFunctionCheck(fn, file, index, specFunctions), fn, irs.find((ir) => ir.file === file), specFunctions));
  const plans = planned.flatMap((entry) => (entry.kind === 'plan' ? [entry.plan] : []));
  const config = request.config ?? (await loadVerifierConfig(crateDir)).config;
  const buildFiles = request.buildFiles ?? files;
  const buildIrs = request.buildFiles === undefined ? irs : await parseCrateFiles(buildFiles, crateDir);
  // A slot kept across checks of this crate (acquire-harness-directory.ts), leased until the functions have run.
  const harness = plans.length === 0 ? null : await acquireHarnessDirectory({ crateDir, targetDir: selectPrecheckTargetDir(config.precheck, environment), cacheDir: config.cacheDir, scratch: request.keepScratch === true });
  let build: HarnessBuild | null = null;
  const results: FunctionSpecCheck[] = [];
  let runMs = 0;
  let runCommand: string[] = [];
  let exclusions: import('./harness/build-harness.js').Exclusions = { specFunctions: new Map(), clauses: new Map(), functions: new Map() };
  try {
    if (harness !== null) build = await buildHarness({ crateDir, files: addHarnessAccess(buildFiles, buildIrs, plans, specFunctions), plans, specFunctions, probes: request.probes ?? [], config, environment, harness, ...(request.reuseHarness === undefined ? {} : { reuse: request.reuseHarness }), ...(request.signal === undefined ? {} : { signal: request.signal }) });
    exclusions = build?.exclusions ?? exclusions;
    for (const [position, entry] of planned.entries()) {
      const target = targets[position]!;
      if (running !== null && !running.has(targetKey(target))) continue;
      if (entry.kind === 'not-executable') {
        results.push(withUnplannedClauses(assembleNotExecutable(entry, specFunctions, exclusions), target.fn));
        continue;
      }
      const plan: FunctionCheckPlan = entry.plan;
      const glueError = exclusions.functions.get(plan.index);
      if (build === null || !build.ok || glueError !== undefined) {
        const reason = glueError !== undefined ? `the harness call of this function does not compile:\n${glueError}` : build !== null && !build.ok ? build.reason : 'not built';
        results.push(assembleRun(plan, { ok: false, reason, lines: [], wallTimeMs: 0, command: [] }, specFunctions, exclusions));
        continue;
      }
      const run = await runFunctionCheck(plan, { executable: build.executable, directory: build.directory, sandbox: build.sandbox, ...settings, environment, ...(request.runEnvironment === undefined ? {} : { runEnvironment: request.runEnvironment }), ...(request.signal === undefined ? {} : { signal: request.signal }) });
      runMs += run.wallTimeMs;
      runCommand = run.command.slice(0, 1).concat('<function>', run.command.slice(2));
      results.push(assembleRun(plan, run, specFunctions, exclusions, request.probes ?? []));
    }
  } finally {
    // Also when interrupted (Ctrl-C aborts the signal: the run throws): the lease is released, and nothing is left in the temp directory.
    if (harness !== null) await releaseHarnessDirectory(harness, { keep: request.keepScratch === true });
    // A scratch package is one of its own, never built again: its lib and binary (about 20 MB) would stay in the shared target for good.
    // A slot's stay: they are what the next check in that slot builds on.
    if (harness?.kind === 'scratch' && request.keepScratch !== true && build?.ok === true) await removeBuiltFiles(build.packageFiles, build.executable);
  }
  const scratchCrate = harness?.directory ?? null;
  return {
    ...summarizeSpecCheck(results),
    run: {
      crateDir, harnessFile: 'src/verus_repair_spec_check.rs', scratchCrate: scratchCrate ?? '', command: build?.command ?? [], runCommand,
      budget: settings.budget, seed: settings.seed, callTimeoutMs: settings.callTimeoutMs, builds: build?.builds ?? 0, buildMs: build?.buildMs ?? 0, runMs,
      ...(build?.ok === true ? { harnessCache: build.cache } : {}),
      ...(build?.ok === true && build.fixes.length > 0 ? { harnessFixes: build.fixes } : {}),
      scratchKept: scratchCrate !== null && request.keepScratch === true,
      memoryMb, sandbox: build?.sandbox ?? null, selection: request.functions === undefined ? 'crate' : 'named',
    },
    functions: results,
    ...(request.probes === undefined || request.probes.length === 0 ? {} : {
      rejectedProbeParts: [
        ...[...exclusions.clauses].filter(([id]) => id.startsWith('vr_inv_')).map(([id, reason]) => ({ id, reason })),
        ...[...(exclusions.probes ?? [])].map(([index, reason]) => ({ id: `vr_probe_${index}`, reason })),
      ],
    }),
  };
}

/** A spec target's identity across two selections of the same files: its file and qualified name. */
function targetKey(target: { fn: FunctionItem; file: string }): string {
  return `${target.file}\0${target.fn.qualifiedName}`;
}

/**
 * Each file and its dep-info beside it; one already gone is fine. Cargo lists a binary by its
 * uplifted copy (`<target>/debug/<bin>`); the file it links from is `deps/<bin, - as _>-<hash>`,
 * found by that prefix, which only this harness has (its binary's name carries the crate's digest).
 */
async function removeBuiltFiles(files: readonly string[], executable: string): Promise<void> {
  const deps = path.join(path.dirname(executable), 'deps');
  const prefix = `${path.basename(executable).replace(/-/g, '_')}-`;
  const linked = (await readdir(deps).catch(() => [] as string[])).filter((name) => name.startsWith(prefix)).map((name) => path.join(deps, name));
  for (const file of [...files, ...linked]) {
    await rm(file, { force: true });
    const depInfo = file.replace(/(\.[a-z]+)?$/, '.d');
    // A lib's dep-info drops the `lib` prefix: deps/libx-<hash>.rlib beside deps/x-<hash>.d.
    for (const candidate of new Set([depInfo, path.join(path.dirname(depInfo), path.basename(depInfo).replace(/^lib/, ''))])) await rm(candidate, { force: true });
  }
}

/** A plan with the literals of its function's text and of the spec fns its clauses use (seedInputsCode). */
function withLiterals(planned: PlannedFunction, fn: FunctionItem, ir: VerusFileIr | undefined, specFunctions: ReadonlyMap<string, SpecFunctionSource>): PlannedFunction {
  if (planned.kind !== 'plan' || ir === undefined) return planned;
  const used = [...new Set(planned.plan.clauses.flatMap((clause) => clause.dependencies))].flatMap((name) => {
    const source = specFunctions.get(name)?.source;
    return source?.ok === true ? [source.text] : [];
  });
  const text = [ir.source.sliceBytes(fn.span.byteStart, fn.span.byteEnd), ...used].join('\n');
  return { kind: 'plan', plan: { ...planned.plan, literals: mineLiterals(text) } };
}

export async function parseCrateFiles(files: ReadonlyMap<string, Uint8Array>, crateDir: string): Promise<VerusFileIr[]> {
  const irs: VerusFileIr[] = [];
  for (const [file, bytes] of [...files].sort(([left], [right]) => left.localeCompare(right))) {
    if (!file.startsWith('src/') || !file.endsWith('.rs')) continue;
    const ir = await parseVerusBytes(bytes, { file, requireVerus: false });
    if (ir.verusMacros.length > 0) irs.push(ir);
  }
  if (irs.length === 0) {
    const { InputError } = await import('../core/errors.js');
    throw new InputError('no-verus-macro', 'no file of the crate holds a verus! block', { file: crateDir, line: 1, column: 1 });
  }
  return irs;
}
