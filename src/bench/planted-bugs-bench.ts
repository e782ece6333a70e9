import path from 'node:path';
import { ConfigurationError, InputError } from '../core/errors.js';
import { listCoverageCrates, withLooseFileCrate } from '../evaluate/coverage/spec-coverage.js';
import { SCRATCH_CRATE_FILE } from '../evaluate/coverage/scratch-crate.js';
import { parseVerusSource } from '../ir/index.js';
import { generateMutants } from '../review/generate-mutants.js';
import { MUTATION_OPERATOR_NAMES } from '../review/mutation-operator.js';
import { checkSpec, type FunctionSpecCheck } from '../specification/index.js';
import { readCrateSources } from '../specification/harness/read-crate-sources.js';
import { loadVerifierConfig } from '../verifier/config/read-verifier-config.js';
import type { VerifierConfig } from '../verifier/config/verifier-config.js';
import type { BenchReport } from './bench-report.js';

/** check-spec's default budget (spec-coverage's), and the deep search that decides which planted bugs break their spec. */
const DEFAULT_INPUTS = 20;
const DEEP_INPUTS = 400;
const MUTANTS_PER_FILE = 2;
const CALL_TIMEOUT_MS = 1000;
const TARGET_CAUGHT = 0.9;
const NAME = 'planted bugs (real cargo, exec code run; no verifier)';

/**
 * `npm run bench -- planted DIR...`: bugs planted in verified public code, and how many of those that
 * really break the spec check-spec catches at its default budget. For each `.rs` file of the
 * directories (each the src/lib.rs of a scratch crate, as spec-coverage does), the functions whose
 * ensures check-spec evaluates on the original with no counterexample get up to two of review's exec
 * mutants (seeded). A mutant breaks its spec when a deep search (400 inputs) or the default one (20)
 * finds a counterexample; a surviving mutant may still break the spec on inputs neither tried, or
 * be equivalent, so the rate is of the bugs a search can show. Real cargo; no verifier runs.
 */
export async function runPlantedBugsBenchmark(args: readonly string[]): Promise<BenchReport> {
  // The corpora are not in this repository: without them (a plain `npm run bench`) the suite says so and measures nothing.
  if (args.length === 0) return { name: NAME, lines: ['not run: `npm run bench -- planted DIR...` names the directories of .rs files to plant bugs in (Verus-Bench\'s */verified, HumanEval-Verus\'s tasks)'], metrics: {} };
  const { crates } = listCoverageCrates(args.map((entry) => path.resolve(entry)));
  const files = crates.flatMap((crate) => (crate.kind === 'loose' ? [crate] : []));
  if (files.length === 0) throw new ConfigurationError(`npm run bench -- planted: no .rs file holding verus! under ${args.join(', ')}`);
  const counts = { files: files.length, unreadable: 0, originalsChecked: 0, mutants: 0, breaking: 0, caughtByDefault: 0, onlyDeep: 0, falseAlarms: 0 };
  const missed: string[] = [];
  const started = Date.now();
  // A file without a verus-repair.toml beside it builds with the current directory's (its target directory and sandbox), as in spec-coverage.
  const fallback = (await loadVerifierConfig(process.cwd())).config;
  for (const [position, file] of files.entries()) {
    await withLooseFileCrate(file, fallback, (scratch, settings) => plantInFile(file.file, scratch, settings, counts, missed));
    process.stderr.write(`planted: ${position + 1}/${files.length} ${path.basename(file.file)}: ${counts.mutants} mutant(s), ${counts.breaking} breaking, ${counts.caughtByDefault} caught at ${DEFAULT_INPUTS} inputs so far\n`);
  }
  const caught = counts.breaking === 0 ? 0 : counts.caughtByDefault / counts.breaking;
  return {
    name: NAME,
    lines: [
      `${counts.files} file(s), ${counts.unreadable} not read (no verus! block that parses); ${counts.originalsChecked} function(s) whose ensures were checked with no counterexample on the original; counterexamples on the originals: ${counts.falseAlarms}`,
      `${counts.mutants} planted bug(s) (review's exec mutants, ${MUTANTS_PER_FILE} per file at most, seed 0); ${counts.breaking} shown to break the spec by a search (${DEFAULT_INPUTS} or ${DEEP_INPUTS} inputs)`,
      `caught at the default ${DEFAULT_INPUTS} inputs: ${counts.caughtByDefault} of ${counts.breaking} = ${(100 * caught).toFixed(1)}% (target >= ${100 * TARGET_CAUGHT}%: ${caught >= TARGET_CAUGHT ? 'met' : 'NOT met'}); only the deep search: ${counts.onlyDeep}`,
      ...missed.slice(0, 10).map((entry) => `  missed at ${DEFAULT_INPUTS} inputs: ${entry}`),
      `wall time ${((Date.now() - started) / 1000).toFixed(0)} s (the harness builds, not a measurement of Verus)`,
    ],
    metrics: { mutants: counts.mutants, breaking: counts.breaking, caughtByDefault: counts.caughtByDefault, caughtShare: caught, falseAlarms: counts.falseAlarms },
  };
}

type PlantCounts = { unreadable: number; originalsChecked: number; mutants: number; breaking: number; caughtByDefault: number; onlyDeep: number; falseAlarms: number };

/** One file's planted bugs, in its scratch crate: the original checked, then each mutant at both budgets. */
async function plantInFile(file: string, scratch: string, settings: { config: VerifierConfig; memoryMb: number }, counts: PlantCounts, missed: string[]): Promise<void> {
  const check = (request: { files?: ReadonlyMap<string, Uint8Array>; functions?: string[]; inputs: number }) => checkSpec({ crateDir: scratch, seed: 0, callTimeoutMs: CALL_TIMEOUT_MS, ...settings, ...request });
  let original: Awaited<ReturnType<typeof checkSpec>>;
  try {
    original = await check({ inputs: DEFAULT_INPUTS });
  } catch (error) {
    // A file the parser refuses plants nothing; anything else (Ctrl-C, a bug) ends the run.
    if (!(error instanceof InputError)) throw error;
    counts.unreadable++;
    return;
  }
  const checked = original.functions.filter(isCheckedClean).map((result) => result.function);
  counts.falseAlarms += original.counterexamples;
  if (checked.length === 0) return;
  counts.originalsChecked += checked.length;
  const sources = await readCrateSources(scratch);
  const ir = await parseVerusSource(new TextDecoder().decode(sources.get(SCRATCH_CRATE_FILE)!), { file: SCRATCH_CRATE_FILE });
  const generation = await generateMutants({ files: [ir], functions: new Set(checked), operators: MUTATION_OPERATOR_NAMES, maxMutants: MUTANTS_PER_FILE, seed: 0 });
  for (const mutant of generation.mutants) {
    const mutated = new Map(sources);
    mutated.set(mutant.file, new TextEncoder().encode(mutant.source));
    const byDefault = await check({ files: mutated, functions: [mutant.function], inputs: DEFAULT_INPUTS });
    const deep = await check({ files: mutated, functions: [mutant.function], inputs: DEEP_INPUTS });
    counts.mutants++;
    if (byDefault.counterexamples === 0 && deep.counterexamples === 0) continue;
    counts.breaking++;
    if (byDefault.counterexamples > 0) counts.caughtByDefault++;
    else {
      counts.onlyDeep++;
      missed.push(`${path.relative(process.cwd(), file)}::${mutant.function} (${mutant.operator} at line ${mutant.line})`);
    }
  }
}

function isCheckedClean(result: FunctionSpecCheck): boolean {
  return result.status === 'checked' && result.counterexamples.length === 0 && result.clauses.some((clause) => clause.kind === 'ensures' && clause.status === 'executable' && clause.specPanics < result.counts.satisfyingRequires);
}
