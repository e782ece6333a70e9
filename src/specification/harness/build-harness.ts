import type { VerifierConfig } from '../../verifier/config/verifier-config.js';
import { runProcessJob } from '../../verifier/run/run-process-job.js';
import { fetchDependencies } from '../../verifier/sandbox/fetch-dependencies.js';
import { placeInSandbox } from '../../verifier/sandbox/place-in-sandbox.js';
import { noticeOnce } from '../../verifier/sandbox/run-notices.js';
import type { Sandbox } from '../../verifier/sandbox/sandbox.js';
import { describeUnsandboxed, selectSandbox } from '../../verifier/sandbox/select-sandbox.js';
import { selectPrecheckTargetDir } from '../../verifier/precheck/select-precheck-target-dir.js';
import { throwAbortReason } from '../../verifier/runners/throw-if-aborted.js';
import { acquireHarnessDirectory, releaseHarnessDirectory, type HarnessDirectory } from './acquire-harness-directory.js';
import { buildHarnessJob } from './build-harness-job.js';
import type { ClausePlan, FunctionCheckPlan } from '../plan/function-check-plan.js';
import { generateHarness, type HarnessPart } from './generate-harness.js';
import { computeHarnessKey, readCachedHarness, selectHarnessStore, storeCachedHarness } from './harness-build-cache.js';
import { readBuildMessages } from './read-build-messages.js';
import type { InvariantProbe } from '../invariants/invariant-probe.js';
import type { SpecFunctionSource } from '../types/spec-function-source.js';
import { fixHarnessFiles, writeHarnessCrate } from './write-harness-crate.js';
import { writeHarnessRuntimeCrate } from './write-harness-runtime-crate.js';

const MAXIMUM_BUILDS = 4;
const HARNESS_FILE = 'verus_repair_spec_check.rs';

/** Why a clause, spec fn or function's glue was dropped from the harness: the rustc error there. */
export interface Exclusions {
  specFunctions: Map<string, string>;
  clauses: Map<string, string>;
  functions: Map<number, string>;
  /** Loop invariant probes whose checking code did not compile (they then check nothing). */
  probes?: Map<number, string>;
}

/** `reused`: a binary built before from the same sources and toolchain; `built`: built now (and kept for reuse); `off`: reuse was not asked for. */
export type HarnessCacheUse = 'reused' | 'built' | 'off';

export type HarnessBuild =
  | { ok: true; executable: string; directory: string; command: string[]; builds: number; buildMs: number; exclusions: Exclusions; sandbox: Sandbox; compiled: string[]; packageFiles: string[]; cache: HarnessCacheUse; fixes: string[] }
  | { ok: false; reason: string; directory: string | null; command: string[]; builds: number; buildMs: number; exclusions: Exclusions; sandbox: Sandbox };

export interface BuildHarnessRequest {
  crateDir: string;
  files: ReadonlyMap<string, Uint8Array>;
  plans: FunctionCheckPlan[];
  specFunctions: ReadonlyMap<string, SpecFunctionSource>;
  probes?: readonly InvariantProbe[];
  config: VerifierConfig;
  environment: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Reuse a binary built before from the same sources and toolchain (harness-build-cache.ts); default true. */
  reuse?: boolean;
  /**
   * Where to write the harness crate (acquireHarnessDirectory), which the caller releases after
   * running the harness; absent: a fresh scratch directory, the caller's to remove (`directory`).
   */
  harness?: HarnessDirectory;
}

/**
 * Builds the harness, and when rustc rejects a clause, a spec fn or a function's glue, drops that
 * part (keeping the error as its reason) and builds again, so one clause the macro cannot compile
 * costs only itself. An error outside the harness module means the crate itself does not build.
 */
export async function buildHarness(request: BuildHarnessRequest): Promise<HarnessBuild> {
  const exclusions: Exclusions = { specFunctions: new Map(), clauses: new Map(), functions: new Map(), probes: new Map() };
  const isUsable = (clause: Pick<ClausePlan, 'id' | 'adapted' | 'dependencies'>) => clause.adapted.ok && !exclusions.clauses.has(clause.id) && clause.dependencies.every((name) => request.specFunctions.get(name)?.source.ok === true && !exclusions.specFunctions.has(name));
  let buildMs = 0;
  let command: string[] = [];
  // The harness compiles and runs the crate's code (its build script too): in the pre-check's sandbox.
  const sandbox = await selectSandbox(request.config, request.environment, { docker: false });
  if (sandbox.kind === 'none') noticeOnce('unsandboxed', describeUnsandboxed(sandbox.reason));
  const targetDir = selectPrecheckTargetDir(request.config.precheck, request.environment);
  const writable = [targetDir];
  const runtimeDir = await writeHarnessRuntimeCrate(targetDir);
  const fixed = await fixHarnessFiles(request.files, request.environment);
  const generate = () => generateHarness({ plans: request.plans.filter((plan) => !exclusions.functions.has(plan.index)), specFunctions: request.specFunctions, isUsable, probes: request.probes ?? [], isProbeUsable: (probe) => !exclusions.probes?.has(probe.index) });
  // The first build's module, before anything is excluded: what the cache key covers, and what that build compiles.
  const first = generate();
  const key = await computeHarnessKey({ crateDir: request.crateDir, files: request.files, harnessSource: first.source, runtimeDir, config: request.config, environment: request.environment, sandbox });
  const store = request.reuse === false ? null : selectHarnessStore(targetDir, request.config.cacheDir);
  const harnessDirectory = request.harness ?? (await acquireHarnessDirectory({ crateDir: request.crateDir, targetDir, cacheDir: request.config.cacheDir, scratch: true }));
  // A directory made here, on a failure that leaves the caller without its path.
  const releaseOwned = () => (request.harness === undefined ? releaseHarnessDirectory(harnessDirectory) : Promise.resolve());
  try {
    if (store !== null) {
      // Built before from exactly these sources and this toolchain: the harness crate is only the run's working directory, and holds the checked copy of the binary.
      const crate = await writeHarnessCrate(request.crateDir, fixed, first.source, runtimeDir, harnessDirectory);
      const cached = crate.ok ? await readCachedHarness(store, key, crate.directory) : null;
      if (crate.ok && cached !== null) {
        const restored: Exclusions = { specFunctions: new Map(cached.exclusions.specFunctions), clauses: new Map(cached.exclusions.clauses), functions: new Map(cached.exclusions.functions), probes: new Map(cached.exclusions.probes) };
        return { ok: true, executable: cached.executable, directory: crate.directory, command: cached.command, builds: cached.builds, buildMs: 0, exclusions: restored, sandbox, compiled: [], packageFiles: [], cache: 'reused', fixes: crate.fixes };
      }
    }
    for (let builds = 1; ; builds++) {
      const harness = builds === 1 ? first : generate();
      // Each build rewrites only what changed in the same directory: a rebuild without a rejected part recompiles the harness module, not the runtime.
      const crate = await writeHarnessCrate(request.crateDir, fixed, harness.source, runtimeDir, harnessDirectory);
      if (!crate.ok) {
        await releaseOwned();
        return { ok: false, reason: crate.reason, directory: null, command, builds: builds - 1, buildMs, exclusions, sandbox };
      }
      if (sandbox.kind === 'bwrap' && builds === 1) await fetchDependencies(crate.directory, request.config, request.environment, request.signal);
      const job = buildHarnessJob(crate.directory, crate.binary, request.config, request.environment, { incremental: harnessDirectory.kind === 'slot' });
      const { job: placed } = await placeInSandbox(job, sandbox, { crateCopyDir: crate.directory, writable, config: request.config, environment: request.environment }, { cargo: true });
      command = placed.command;
      const outcome = await runProcessJob(placed, request.signal === undefined ? {} : { signal: request.signal });
      if (outcome.kind === 'aborted') throwAbortReason(request.signal);
      buildMs += outcome.wallTimeMs;
      const failed = (reason: string) => ({ ok: false as const, reason, directory: crate.directory, command, builds, buildMs, exclusions, sandbox });
      if (outcome.kind === 'spawn-failed') return failed(`cargo could not start: ${outcome.message}`);
      if (outcome.kind === 'timed-out') return failed(`cargo build timed out after ${outcome.timeoutMs} ms`);
      const messages = readBuildMessages(outcome.stdout.text, HARNESS_FILE, crate.binary, crate.directory);
      if (outcome.exitCode === 0 && messages.executable !== null) {
        if (store !== null) await storeCachedHarness(store, key, messages.executable, {
          builds, command,
          exclusions: { specFunctions: [...exclusions.specFunctions], clauses: [...exclusions.clauses], functions: [...exclusions.functions], probes: [...(exclusions.probes ?? [])] },
        });
        return { ok: true, executable: messages.executable, directory: crate.directory, command, builds, buildMs, exclusions, sandbox, compiled: messages.compiled, packageFiles: messages.packageFiles, cache: request.reuse === false ? 'off' : 'built', fixes: crate.fixes };
      }
      const errors = messages.errors.filter((error) => !/^error: aborting due to/.test(error.rendered));
      const blamed = errors.map((error) => ({ error, part: blame(error.harnessLines, harness.parts) }));
      const outside = blamed.find(({ part }) => part === null);
      if (outside !== undefined || errors.length === 0) {
        return failed(`the harness crate did not build: ${(outside?.error.rendered ?? outcome.stderr.text).trim().split('\n').slice(0, 12).join('\n')}`);
      }
      if (builds >= MAXIMUM_BUILDS) return failed(`the harness still did not build after ${builds} builds: ${errors[0]!.rendered.trim()}`);
      for (const { error, part } of blamed) exclude(exclusions, part!, error.rendered.trim());
    }
  } catch (error) {
    // Interrupted (Ctrl-C) or failed before a result: a copy made here goes now (the caller never learns its path).
    await releaseOwned();
    throw error;
  }
}

function blame(lines: number[], parts: ReturnType<typeof generateHarness>['parts']): HarnessPart | null {
  for (const line of lines) {
    const found = parts.find((part) => part.lineStart <= line && line <= part.lineEnd);
    if (found !== undefined) return found.part;
  }
  return null;
}

function exclude(exclusions: Exclusions, part: HarnessPart, rendered: string): void {
  const reason = rendered.split('\n').slice(0, 12).join('\n');
  if (part.kind === 'spec-fn' && !exclusions.specFunctions.has(part.name)) exclusions.specFunctions.set(part.name, reason);
  if (part.kind === 'clause' && !exclusions.clauses.has(part.id)) exclusions.clauses.set(part.id, reason);
  if (part.kind === 'glue' && !exclusions.functions.has(part.index)) exclusions.functions.set(part.index, reason);
  if (part.kind === 'probe' && exclusions.probes?.has(part.index) !== true) exclusions.probes?.set(part.index, reason);
}
