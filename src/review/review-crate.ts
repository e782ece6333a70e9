import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseVerusSource, type VerusFileIr } from '../ir/index.js';
import { readFileAtRef } from '../ledger/read-file-at-ref.js';
import { readCrateFiles, type CrateFiles } from '../repair/setup/crate-snapshot.js';
import { checkSpecEntailment, type EntailmentResult } from '../specification/index.js';
import type { TrustedAssumption } from './trusted-assumption.js';
import { classifyMutantOutcome } from './classify-mutant-outcome.js';
import { precheckOriginal, verifyOriginal, type OriginalCheck, type PrecheckedOriginal } from './check-original.js';
import { checkOriginalSpecs, selectSpecTestTargets } from './spec-tests/check-original-specs.js';
import { findOriginalCheck, killBySpecTests } from './spec-tests/kill-by-spec-tests.js';
import { countSpecFindings } from './spec-tests/count-spec-findings.js';
import type { ReviewSpecCheck } from './spec-tests/review-spec-check.js';
import { collectReviewOrigins } from './collect-review-origins.js';
import { generateMutants } from './generate-mutants.js';
import { generateVacuityProbes } from './generate-vacuity-probes.js';
import { listTrustedAssumptions } from './list-trusted-assumptions.js';
import { loadReviewSources } from './load-review-sources.js';
import type { MutantVerdict } from './mutant-verdict.js';
import type { ReviewRequest } from './review-request.js';
import type { ReviewOutcome, SettledMutant } from './review-result.js';
import type { ReviewServices } from './review-services.js';
import { reproveKilledMutants } from './reprove/reprove-killed-mutants.js';
import { runVacuityProbes } from './run-vacuity-probes.js';
import type { VacuityResult } from './vacuity-probe.js';
import pLimit from 'p-limit';
import { settleAll } from '../specification/index.js';
import { summarizeFunctions } from './summarize-functions.js';
import { verifyVariant } from '../repair/candidates/verify-variant.js';
import { selectVariantPrechecker } from './select-variant-prechecker.js';
import { throwAbortReason } from '../verifier/runners/throw-if-aborted.js';
import { precheckLetsVerusRun } from '../core/verifier-precheck.js';
import type { Mutant } from './mutant.js';
import { MutantSchema } from './schemata/mutant-schema.js';
import { ACTIVE_MUTANT_VARIABLE } from './schemata/schema-switch-module.js';

/**
 * The review: load → check the original → generate mutants → the original's spec tests (output
 * perturbation) → settle each (cargo build, cargo test, spec tests, Verus) → vacuity probes → trusted
 * base → per-function table.
 */
export async function reviewCrate(request: ReviewRequest, services: ReviewServices): Promise<ReviewOutcome> {
  const crateDir = path.resolve(request.crateDir);
  const crateFiles = await readCrateFiles(crateDir);
  const sources = await loadReviewSources(crateFiles, crateDir, request.file, request.functions);
  const against = request.against ?? null;
  // `--against REF` is read before anything runs: a ref git does not know is bad input, not a finding after every mutant.
  const previousTexts = against === null ? null : await readPreviousSources(crateDir, against, sources.files);
  const prechecked = await precheckOriginal(crateDir, services);
  stopIfAborted(services.signal);
  if (prechecked.kind === 'failed') return notChecked(prechecked);
  // Verus on the original. With more than one job, and an original whose tests pass, the erased
  // preparation of the mutant phase (the mutants, the original's spec check, the schema's build) goes
  // on meanwhile, and is thrown away when the original does not verify. Otherwise it is awaited here.
  const verifying = verifyOriginal(crateDir, prechecked, services);
  // Awaited below in every case; this only keeps a rejection from counting as unhandled meanwhile.
  verifying.catch(() => undefined);
  const overlap = request.jobs > 1 && prechecked.precheck.status !== 'test-failed';
  let verified = overlap ? null : await verifying;
  if (verified !== null && verified.kind === 'failed') return notChecked(verified);

  const variantServices: ReviewServices = { ...services, prechecker: selectVariantPrechecker(services, variantTimeoutMs(prechecked.precheckMs), prechecked.originalPrecheck) };
  const started = Date.now();
  const generation = await generateMutants({ files: sources.files, functions: request.functions.length === 0 ? null : new Set(request.functions), operators: request.operators, maxMutants: request.maxMutants, seed: request.seed, ...(services.signal === undefined ? {} : { signal: services.signal }) });
  const generationMs = Date.now() - started;
  const lemmas = (ir: VerusFileIr) => (request.functions.length > 0 ? [] : ir.functions.filter((fn) => fn.insideVerus && fn.baseMode === 'proof' && fn.body !== null && fn.clauses.some((clause) => clause.kind === 'requires')));
  const probes = request.vacuity ? sources.files.flatMap((ir) => generateVacuityProbes(ir, [...sources.functions.filter((entry) => entry.file === ir.file).map((entry) => entry.fn), ...lemmas(ir)])) : [];
  services.emit({ type: 'review-started', mutants: generation.mutants.length, probes: probes.length, originalPrecheck: prechecked.originalPrecheck });
  const specTests = services.specTests;
  const specChecks: ReviewSpecCheck[] | null = specTests === undefined ? null : await checkOriginalSpecs(crateDir, sources.functions, specTests, services.signal);
  stopIfAborted(services.signal);
  if (specChecks !== null) services.emit({ type: 'spec-checked', checks: specChecks });

  const specTestFunctions = selectSpecTestTargets(sources.functions).map(({ fn }) => fn.qualifiedName);
  let settled = 0;
  const schema = request.schemata === false || generation.mutants.length < 2 ? null : await prepareSchema(crateFiles, crateDir, sources.files, generation.mutants, prechecked, services);
  if (verified === null) {
    verified = await verifying.catch(async (error: unknown) => {
      await schema?.dispose();
      throw error;
    });
    if (verified.kind === 'failed') {
      await schema?.dispose();
      return notChecked(verified);
    }
  }
  const original = verified;
  // One pool of --jobs slots for the mutants and then the probes: the probes queue behind the mutants
  // and take each slot the mutants' tail leaves free, rather than waiting for the last mutant.
  const pool = pLimit(Math.max(1, request.jobs));
  let settledMutants: SettledMutant[];
  let probesSettling: Promise<VacuityResult[]>;
  try {
    const mutantsSettling = settleAll<(typeof generation.mutants)[number], SettledMutant>(
      generation.mutants,
      pool,
      async (mutant) => {
        // After the erased build and tests, before Verus: a counterexample on the mutant's code kills it without a verifier call.
        let killed: MutantVerdict | null = null;
        // The schema's erased outcome when it settled this mutant; otherwise the mutant is built on its own.
        const known = schema === null ? null : await schema.precheck(mutant);
        const schemaSpecTest = known === null ? undefined : (schema?.specTestOf(mutant, specTestFunctions) ?? undefined);
        const beforeVerifier = specTests === undefined || specChecks === null ? undefined : async (files: CrateFiles) => (killed = await killBySpecTests(files, crateDir, mutant.function, findOriginalCheck(specChecks, mutant.file, mutant.function), specTests, services.signal, schemaSpecTest)) !== null;
        const outcome = known !== null && !precheckLetsVerusRun(known)
          ? { precheck: known, verification: null }
          : await verifyVariant(crateFiles, crateDir, { label: mutant.id, file: mutant.file, source: mutant.source }, known === null ? variantServices : { ...variantServices, prechecker: { precheck: async () => known } }, beforeVerifier === undefined ? {} : { beforeVerifier });
        const verdict: MutantVerdict = killed ?? classifyMutantOutcome(outcome);
        services.emit({ type: 'mutant-settled', id: mutant.id, function: mutant.function, verdict, settled: ++settled, total: generation.mutants.length });
        return { mutant, verdict };
      },
      (mutant) => ({ mutant, verdict: interrupted() }),
      services.signal,
    );
    probesSettling = runVacuityProbes(probes, crateFiles, crateDir, pool, variantServices, services.createVariantPrechecker(variantTimeoutMs(prechecked.precheckMs), { test: false }));
    // Awaited below; this only keeps a rejection from counting as unhandled while the mutants settle.
    probesSettling.catch(() => undefined);
    settledMutants = await mutantsSettling;
  } finally {
    await schema?.dispose();
  }
  const vacuity = await probesSettling;
  // An interrupted review is no review: its unsettled mutants would read as a weaker spec, so nothing past this is reported or recorded.
  stopIfAborted(services.signal);
  const mutants = services.reprove === undefined ? settledMutants : await reproveKilledMutants(settledMutants, crateFiles, crateDir, services.reprove, services.emit);
  stopIfAborted(services.signal);
  const trusted = sources.files.flatMap(listTrustedAssumptions);
  const since = previousTexts === null ? null : await compareWithRef(previousTexts, sources.files, crateFiles, crateDir, request.jobs, variantServices);
  stopIfAborted(services.signal);
  const functions = summarizeFunctions(sources.functions, mutants, vacuity);
  const entailment = since?.entailment ?? [];
  const findings = mutants.filter((entry) => entry.verdict.status === 'survived' || entry.reproof?.status === 'proved').length + vacuity.filter((result) => result.verdict === 'vacuous').length + entailment.filter((result) => result.verdict === 'fails').length + countSpecFindings(specChecks ?? []);
  services.emit({ type: 'review-finished', findings });
  return {
    kind: 'reviewed',
    review: {
      id: request.id,
      crateDir,
      files: sources.files.map((ir) => ir.file),
      sourceSha256: hashSources(sources.files.map((ir) => [ir.file, ir.source.text])),
      operators: [...request.operators],
      seed: request.seed,
      maxMutants: request.maxMutants,
      requestedFunctions: [...request.functions],
      sampledWithSeed: generation.sampledWithSeed,
      ...(generation.sampledFrom === 'rewrites' ? { sampledFromRewrites: true } : {}),
      totalMutants: generation.total,
      mutants,
      vacuity,
      trusted,
      against,
      entailment,
      trustedAdded: since?.trustedAdded ?? null,
      functions,
      origins: collectReviewOrigins(original.origin, mutants, vacuity, entailment),
      verusVersion: original.verusVersion,
      generationMs,
      findings,
      ...(original.originalPrecheck === null ? {} : { originalPrecheck: original.originalPrecheck }),
      ...(services.reprove === undefined ? {} : { reprove: true }),
      ...(specChecks === null ? {} : { specChecks }),
      ...(schema === null ? {} : { erasedSchema: schema.summary }),
    },
  };
}

/**
 * The mutant schema of the erased stages, with the variants' time limit: `cargo build` of the
 * schema, then each mutant's tests with it active (none when the original's tests fail, as for a
 * mutant built alone).
 */
function prepareSchema(crateFiles: CrateFiles, crateDir: string, files: readonly VerusFileIr[], mutants: readonly Mutant[], original: PrecheckedOriginal, services: ReviewServices): Promise<MutantSchema> {
  const timeoutMs = variantTimeoutMs(original.precheckMs);
  const testsRun = original.originalPrecheck?.outcome !== 'tests-skipped';
  return MutantSchema.prepare({
    crateFiles,
    crateDir,
    sources: files,
    mutants,
    // With tests, the schema is compiled as they run it (`cargo test --no-run`) and each mutant's run compiles nothing: one compilation of the schema, not a lib and a test lib.
    buildPrechecker: services.createVariantPrechecker(timeoutMs, { test: false, ...(testsRun ? { buildStep: 'test-targets' as const } : {}) }),
    createTestPrechecker: testsRun ? (active) => services.createVariantPrechecker(timeoutMs, { buildStep: 'none', environment: { [ACTIVE_MUTANT_VARIABLE]: String(active) } }) : null,
    ...(services.signal === undefined ? {} : { signal: services.signal }),
  });
}

function notChecked(original: Extract<OriginalCheck, { kind: 'failed' }>): ReviewOutcome {
  return { kind: 'original-not-checked', stage: original.stage, message: original.message, toolchain: original.toolchain };
}

/** Ten times the original's erased build and test, and at least 20 s: enough for a correct variant, short for one that loops. */
export function variantTimeoutMs(originalPrecheckMs: number): number {
  return Math.max(20_000, Math.ceil(originalPrecheckMs * 10));
}

/** Each reviewed file's text at `ref` (null: it did not exist there); an unknown ref is an InputError naming it. */
async function readPreviousSources(crateDir: string, ref: string, files: readonly VerusFileIr[]): Promise<Map<string, string | null>> {
  const texts = new Map<string, string | null>();
  for (const current of files) texts.set(current.file, await readFileAtRef(crateDir, ref, current.file));
  return texts;
}

/** Entailment of every changed spec and the trusted assumptions added since the ref the texts were read at, file by file. */
async function compareWithRef(previousTexts: ReadonlyMap<string, string | null>, files: readonly VerusFileIr[], crateFiles: CrateFiles, crateDir: string, jobs: number, services: ReviewServices): Promise<{ entailment: EntailmentResult[]; trustedAdded: TrustedAssumption[] }> {
  const entailment: EntailmentResult[] = [];
  const trustedAdded: TrustedAssumption[] = [];
  for (const current of files) {
    const text = previousTexts.get(current.file) ?? null;
    const previous = text === null ? null : await parseVerusSource(text, { file: current.file, requireVerus: false });
    const key = (entry: TrustedAssumption) => `${entry.kind}\0${entry.item}\0${entry.detail}`;
    const before = new Set((previous === null ? [] : listTrustedAssumptions(previous)).map(key));
    trustedAdded.push(...listTrustedAssumptions(current).filter((entry) => !before.has(key(entry))));
    if (previous !== null) entailment.push(...(await checkSpecEntailment(previous, current, jobs, (variant) => verifyVariant(crateFiles, crateDir, variant, services), services.signal)));
  }
  return { entailment, trustedAdded };
}

function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throwAbortReason(signal);
}

function interrupted(): MutantVerdict {
  return { status: 'unsettled', settledBy: null, reason: 'the review was interrupted before this mutant was settled' };
}

function hashSources(files: ReadonlyArray<[string, string]>): string {
  const hash = createHash('sha256');
  for (const [file, text] of files) hash.update(`${file}\0${text}\0`);
  return hash.digest('hex');
}
