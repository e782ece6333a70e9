import type { VerdictOrigin } from '../core/verdict-origin.js';
import { describeBenchVerifier } from './describe-bench-verifier.js';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAKE_PASS_ENV, createFakeSetup } from '../../test/fakes/fake-environment.js';
import { createGhostStrippedView, parseVerusSource } from '../ir/index.js';
import { DEFAULT_SPEC_CHECK_INPUTS } from '../specification/index.js';
import { generateMutants } from '../review/generate-mutants.js';
import { MUTATION_OPERATOR_NAMES } from '../review/mutation-operator.js';
import { reviewCrate } from '../review/review-crate.js';
import type { ReviewServices } from '../review/review-services.js';
import type { ReviewEvent } from '../review/review-event.js';
import { materializeCrate, readCrateFiles } from '../repair/setup/crate-snapshot.js';
import { defaultVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { CargoPrechecker } from '../verifier/precheck/cargo-prechecker.js';
import { LocalVerifier } from '../verifier/runners/local-verifier.js';
import type { BenchReport } from './bench-report.js';
import { measureChangedReview } from './measure-changed-review.js';
import { measureWarmTestAfterChange } from './measure-warm-test-after-change.js';

const FIXTURES_ROOT = fileURLToPath(new URL('../../rust-fixtures/', import.meta.url));
const FIXTURES = ['review-search-weak', 'review-search-strong', 'review-max-weak', 'review-max-strong', 'review-vacuity'];
const GENERATION_ROUNDS = 20;

/**
 * `npm run bench -- review`, on the review fixtures (each has #[test]s), spec tests on: mutants per function, the
 * share settled before Verus (target >= 50%; stillborn, killed by tests or by spec tests), verifier calls per function, mutant generation time per
 * 1k lines of exec code, and pool throughput with 2 jobs against 1, measured in the same run with
 * the fake cargo-verus answering after a fixed 300 ms (synthetic verdicts; the cargo stages are real).
 */
export async function runReviewBenchmark(): Promise<BenchReport> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'verus-repair-review-bench-'));
  try {
    let functions = 0;
    let mutants = 0;
    let beforeVerus = 0;
    let verifierCalls = 0;
    const timings: Record<number, number> = {};
    const origins: VerdictOrigin[] = [];
    const mutantPhase = { ms: 0, cargoMs: 0, mutants: 0, warmBuildMs: [] as number[], warmTestMs: [] as number[] };
    // Crate compilations (units of the variants, schemas and harnesses cargo compiled) and mutant-phase time per pass: with the schema, and without it (--no-schemata).
    const compilations = { schemata: [] as number[], alone: [] as number[] };
    const withoutSchemata = { ms: 0, mutants: 0 };
    for (const pass of [{ jobs: 1, schemata: true }, { jobs: 2, schemata: true }, { jobs: 1, schemata: false }]) {
      const { jobs } = pass;
      const started = performance.now();
      for (const name of FIXTURES) {
        const crate = copyFixture(work, `${name}${pass.schemata ? '' : '-alone'}`, jobs, name);
        const reviewStartedMs = Date.now();
        const phase = { started: 0, lastSettled: 0, settled: 0, cargoMs: 0 };
        const cargo = { ms: 0 };
        const onEvent = (event: ReviewEvent): void => {
          if (event.type === 'review-started') phase.started = performance.now();
          if (event.type === 'mutant-settled') Object.assign(phase, { lastSettled: performance.now(), settled: event.settled, cargoMs: cargo.ms });
        };
        const outcome = await reviewCrate({ id: `bench-${jobs}`, crateDir: crate, file: null, functions: [], operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1, jobs, vacuity: true, schemata: pass.schemata }, services(crate, onEvent, cargo));
        if (outcome.kind !== 'reviewed') throw new Error(`${name}: ${outcome.message}`);
        origins.push(...outcome.review.origins);
        if (jobs === 1) compilations[pass.schemata ? 'schemata' : 'alone'].push(countCompiledUnits(reviewStartedMs));
        if (!pass.schemata) {
          withoutSchemata.ms += phase.lastSettled - phase.started;
          withoutSchemata.mutants += phase.settled;
          continue;
        }
        if (jobs === 1) {
          mutantPhase.ms += phase.lastSettled - phase.started;
          mutantPhase.cargoMs += phase.cargoMs;
          mutantPhase.mutants += phase.settled;
          mutantPhase.warmBuildMs.push(await measureWarmBuild(crate));
          mutantPhase.warmTestMs.push(await measureWarmTestAfterChange(crate, path.join(FIXTURES_ROOT, 'target')));
          for (const row of outcome.review.functions) {
            functions++;
            mutants += row.mutants;
            beforeVerus += row.counts.stillborn + row.counts['killed-by-tests'] + row.counts['killed-by-spec-tests'];
            verifierCalls += row.verifierCalls;
          }
        }
      }
      if (pass.schemata) timings[jobs] = performance.now() - started;
    }
    const changed = await measureChangedReview();
    origins.push(...changed.origins);
    const generation = await measureGeneration();
    const scaling = await measureGenerationScaling();
    const speedup = (timings[1] ?? 0) / (timings[2] ?? 1);
    const share = beforeVerus / Math.max(1, mutants);
    const perMutantMs = mutantPhase.ms / Math.max(1, mutantPhase.mutants);
    const warmBuildMs = mutantPhase.warmBuildMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, mutantPhase.warmBuildMs.length);
    const perMutantRatio = perMutantMs / warmBuildMs;
    const warmTestMs = mutantPhase.warmTestMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, mutantPhase.warmTestMs.length);
    const cargoPerMutantMs = mutantPhase.cargoMs / Math.max(1, mutantPhase.mutants);
    const alonePerMutantMs = withoutSchemata.ms / Math.max(1, withoutSchemata.mutants);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    return {
      name: 'review (fake cargo-verus: synthetic verdicts, 300 ms per call; real erased cargo build/test)',
      lines: [
        `${FIXTURES.length} fixtures, ${functions} exec functions, ${mutants} mutants: ${(mutants / functions).toFixed(1)} mutants per function`,
        `settled before Verus (stillborn + killed by tests + killed by spec tests, spec tests on): ${(share * 100).toFixed(0)}% (target >= 50%)`,
        `verifier calls per function (mutants that reached Verus + vacuity probes): ${(verifierCalls / functions).toFixed(1)}`,
        `mutant generation: ${generation.msPerKiloLine.toFixed(0)} ms per 1k lines of exec code (${generation.execLines} exec lines, ${generation.mutants} mutants, mean of ${GENERATION_ROUNDS} rounds)`,
        `mutant generation, ${SCALING_SIZES[1]} functions against ${SCALING_SIZES[0]} (a review-max-weak function repeated; ${scaling.lines[1]} and ${scaling.lines[0]} lines, ${scaling.mutants[1]} and ${scaling.mutants[0]} mutants, best of ${SCALING_ROUNDS}): ${(scaling.generationMs[1] / 1000).toFixed(2)} s / ${(scaling.generationMs[0] / 1000).toFixed(2)} s = ${scaling.ratio.toFixed(2)}x (target <= 4.5x: linear in the crate's size)`,
        `  generation over parsing the same file: ${scaling.overParse[0].toFixed(0)}x at ${SCALING_SIZES[0]} functions, ${scaling.overParse[1].toFixed(0)}x at ${SCALING_SIZES[1]} (parse ${scaling.parseMs[0].toFixed(0)} ms and ${scaling.parseMs[1].toFixed(0)} ms; each mutant's function is parsed again to prove it changed exec code only)`,
        `wall time per mutant (--jobs 1, review-started to the last mutant settled): ${(perMutantMs / 1000).toFixed(2)} s = ${perMutantRatio.toFixed(2)}x one warm erased cargo build of the crate (${(warmBuildMs / 1000).toFixed(2)} s: a fresh copy, vstd already built; target <= 2x). Measures the real erased cargo build and test of each mutant in one shared target directory, the spec tests' harness build and run of each mutant past the tests, plus the fake cargo-verus's 300 ms per call for mutants that reach Verus`,
        `wall time per mutant over one warm cargo test of the crate after a one-line change (the issue's measure of a tool that builds each mutant: ${(warmTestMs / 1000).toFixed(2)} s, plain cargo, incremental, the same copy; mean over the fixtures of a median of 3 changes): ${(perMutantMs / 1000).toFixed(2)} s / ${(warmTestMs / 1000).toFixed(2)} s = ${(perMutantMs / warmTestMs).toFixed(2)}x (target <= 1x; the Verus stage is the fake's 300 ms per call)`,
        `  of which the erased cargo build and test: ${(cargoPerMutantMs / 1000).toFixed(2)} s per mutant = ${(cargoPerMutantMs / warmBuildMs).toFixed(2)}x the warm build (real cargo); the rest is the spec tests' harness builds and runs (real cargo, one per mutant past the tests), the fake verifier and the review's own work`,
        `crate compilations (units of the mutants' variants, schemas and spec-test harnesses that cargo compiled; vstd and other dependencies were fresh) per review, --jobs 1: with the schema ${compilations.schemata.join(', ')} (most ${Math.max(...compilations.schemata)}; target <= 8 whatever the number of mutants), --no-schemata ${compilations.alone.join(', ')}, for ${FIXTURES.join(', ')}`,
        `wall time per mutant with the schema over --no-schemata (--jobs 1, same run): ${(perMutantMs / 1000).toFixed(2)} s / ${(alonePerMutantMs / 1000).toFixed(2)} s = ${(perMutantMs / alonePerMutantMs).toFixed(2)}x`,
        `pool: --jobs 1 ${(timings[1]! / 1000).toFixed(1)} s, --jobs 2 ${(timings[2]! / 1000).toFixed(1)} s: ${speedup.toFixed(2)}x throughput (parallel 300 ms sleeps of the fake cargo-verus: the pool's parallelism and overhead over the fake's cost model, not a measurement of Verus)`,
        `review of a one-function change in a ${changed.functions}-function crate with --since HEAD~1 against the whole review: ${(changed.sinceMs / 1000).toFixed(1)} s / ${(changed.wholeMs / 1000).toFixed(1)} s = ${changed.ratio.toFixed(3)}x (target <= 0.15x; ${changed.sinceMutants} and ${changed.wholeMutants} mutants, vacuity on, spec tests off; real erased cargo, the fake cargo-verus's 300 ms per call models the verifier: a ratio of the harness's work, not a measurement of Verus)`,
        describeBenchVerifier(origins),
      ],
      metrics: { schemaCompilationsMax: Math.max(...compilations.schemata), schemaCompilationsTotal: sum(compilations.schemata), aloneCompilationsTotal: sum(compilations.alone), perMutantWithSchemaOverAlone: perMutantMs / alonePerMutantMs, mutantsPerFunction: mutants / functions, settledBeforeVerusShare: share, verifierCallsPerFunction: verifierCalls / functions, generationMsPerKiloExecLine: generation.msPerKiloLine, generation400Over100Functions: scaling.ratio, generationOverParse400Functions: scaling.overParse[1], jobsTwoSpeedup: speedup, perMutantMs, warmErasedBuildMs: warmBuildMs, perMutantOverWarmBuild: perMutantRatio, warmTestAfterChangeMs: warmTestMs, perMutantOverWarmTestAfterChange: perMutantMs / warmTestMs, erasedCargoPerMutantOverWarmBuild: cargoPerMutantMs / warmBuildMs, changedReviewOverWhole: changed.ratio },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The fixture crate `fixture` copied to `<work>/<name>-<jobs>`. */
function copyFixture(work: string, name: string, jobs: number, fixture = name): string {
  const crate = path.join(work, `${name}-${jobs}`);
  cpSync(path.join(FIXTURES_ROOT, fixture), crate, { recursive: true });
  cpSync(path.join(FIXTURES_ROOT, 'Cargo.lock'), path.join(crate, 'Cargo.lock'));
  writeFileSync(path.join(crate, 'Cargo.toml'), `${readFileSync(path.join(crate, 'Cargo.toml'), 'utf8')}\n[workspace]\n`);
  return crate;
}

/**
 * The units cargo compiled in the shared target directory since `sinceMs`: each compiled unit
 * rewrites the files of its fingerprint directory (a unit compiled again under a name it had in an
 * earlier run included, since scratch packages are named by their content).
 */
function countCompiledUnits(sinceMs: number): number {
  const directory = path.join(FIXTURES_ROOT, 'target', 'debug', '.fingerprint');
  if (!existsSync(directory)) return 0;
  let compiled = 0;
  for (const unit of readdirSync(directory)) {
    try {
      const files = readdirSync(path.join(directory, unit));
      if (files.some((file) => statSync(path.join(directory, unit, file)).mtimeMs >= sinceMs)) compiled++;
    } catch {
      // A unit directory another cargo removed meanwhile compiled nothing of this review.
    }
  }
  return compiled;
}

/**
 * One warm erased `cargo build` of the crate: a fresh scratch copy (its own package name, as every
 * mutant's), so the crate itself compiles and its dependencies come from the shared target directory.
 */
async function measureWarmBuild(crate: string): Promise<number> {
  const files = await readCrateFiles(crate);
  const source = files.get('src/lib.rs') ?? new Uint8Array();
  // A trailing comment makes the copy's content, hence its package name, new: nothing of the crate is reused.
  const copy = await materializeCrate(new Map(files).set('src/lib.rs', new Uint8Array([...source, ...new TextEncoder().encode(`\n// warm build ${Date.now()}\n`)])), crate, 'bench-warm-build');
  try {
    const base = defaultVerifierConfig(crate);
    const config = { ...base, precheck: { ...base.precheck, targetDir: path.join(FIXTURES_ROOT, 'target'), offline: true, test: false } };
    const result = await new CargoPrechecker({ config }).precheck(copy);
    if (result.status !== 'passed') throw new Error(`${crate}: the warm erased build did not pass (${result.status})`);
    return result.wallTimeMs;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** `cargo.ms` adds up the wall time of the mutants' and probes' erased pre-checks. */
function services(crate: string, onEvent: (event: ReviewEvent) => void, cargo: { ms: number }): ReviewServices {
  const fake = createFakeSetup('review-oracle-delayed');
  const base = defaultVerifierConfig(crate);
  const config = { ...base, runner: 'local' as const, passEnv: FAKE_PASS_ENV, precheck: { ...base.precheck, targetDir: path.join(FIXTURES_ROOT, 'target'), offline: true, test: true } };
  return {
    verifier: new LocalVerifier({ config, environment: fake.environment }),
    prechecker: new CargoPrechecker({ config, environment: fake.environment }),
    createVariantPrechecker: (timeoutMs, variant) => {
      // A schema's test runs name their active mutant in the environment; pass_env lets it through to the tests.
      const extra = variant?.environment ?? {};
      const prechecker = new CargoPrechecker({ config: { ...config, passEnv: [...config.passEnv, ...Object.keys(extra)], precheck: { ...config.precheck, timeoutMs, test: variant?.test ?? true } }, environment: { ...fake.environment, ...extra }, ...(variant?.buildStep === undefined ? {} : { buildStep: variant.buildStep }) });
      return { precheck: async (crateDir, signal) => {
        const result = await prechecker.precheck(crateDir, signal);
        cargo.ms += result.wallTimeMs;
        return result;
      } };
    },
    cache: null,
    precheckRunsTests: true,
    // Spec tests on, as `review` runs by default: the harness (real cargo) in the variants' target directory.
    specTests: { config, environment: fake.environment, inputs: DEFAULT_SPEC_CHECK_INPUTS, seed: 0 },
    options: { rlimit: config.rlimit, expandErrors: false, noCheating: false, timeoutMs: config.timeoutMs, extraVerusArgs: [], scope: 'focused' },
    emit: onEvent,
  };
}

/** Generation alone, over every fixture file: time per 1k lines of exec code (lines of exec function bodies). */
async function measureGeneration(): Promise<{ msPerKiloLine: number; execLines: number; mutants: number }> {
  const files = await Promise.all(FIXTURES.map((name) => parseVerusSource(readFileSync(path.join(FIXTURES_ROOT, name, 'src', 'lib.rs'), 'utf8'), { file: 'src/lib.rs' })));
  const execLines = files.reduce((sum, ir) => sum + ir.functions.filter((fn) => fn.body !== null && createGhostStrippedView(ir, fn).text !== '').reduce((lines, fn) => lines + (fn.body!.span.lineEnd - fn.body!.span.lineStart + 1), 0), 0);
  let mutants = 0;
  const started = performance.now();
  for (let round = 0; round < GENERATION_ROUNDS; round++) {
    mutants = 0;
    for (const ir of files) mutants += (await generateMutants({ files: [ir], functions: null, operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1 })).mutants.length;
  }
  const msPerRound = (performance.now() - started) / GENERATION_ROUNDS;
  return { msPerKiloLine: (msPerRound / execLines) * 1000, execLines, mutants };
}

const SCALING_SIZES = [100, 400] as const;
const SCALING_ROUNDS = 3;

/**
 * Generation time as the crate grows: one file of 100 and one of 400 copies of review-max-weak's
 * function (renamed), every operator, no sampling; the best of a few rounds each (the machine is
 * shared), and parsing the same file for scale.
 */
export async function measureGenerationScaling(): Promise<{ ratio: number; generationMs: [number, number]; parseMs: [number, number]; overParse: [number, number]; lines: [number, number]; mutants: [number, number] }> {
  const fixture = readFileSync(path.join(FIXTURES_ROOT, 'review-max-weak', 'src', 'lib.rs'), 'utf8');
  const items = fixture.slice(fixture.indexOf('verus! {') + 'verus! {'.length, fixture.lastIndexOf('} // verus!'));
  const measure = async (count: number) => {
    const copies = Array.from({ length: count }, (_, index) => items.replace(/\bmax_index\b/g, `max_index_${index}`).replace(/\bspec_max\b/g, `spec_max_${index}`));
    const text = `use vstd::prelude::*;\n\nverus! {\n${copies.join('\n')}\n} // verus!\n`;
    let parseMs = Infinity;
    let generationMs = Infinity;
    let mutants = 0;
    for (let round = 0; round < SCALING_ROUNDS; round++) {
      const parseStarted = performance.now();
      const ir = await parseVerusSource(text, { file: 'src/lib.rs' });
      parseMs = Math.min(parseMs, performance.now() - parseStarted);
      const started = performance.now();
      mutants = (await generateMutants({ files: [ir], functions: null, operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1 })).mutants.length;
      generationMs = Math.min(generationMs, performance.now() - started);
    }
    return { parseMs, generationMs, mutants, lines: text.split('\n').length };
  };
  const small = await measure(SCALING_SIZES[0]);
  const large = await measure(SCALING_SIZES[1]);
  return {
    ratio: large.generationMs / small.generationMs,
    generationMs: [small.generationMs, large.generationMs],
    parseMs: [small.parseMs, large.parseMs],
    overParse: [small.generationMs / small.parseMs, large.generationMs / large.parseMs],
    lines: [small.lines, large.lines],
    mutants: [small.mutants, large.mutants],
  };
}
