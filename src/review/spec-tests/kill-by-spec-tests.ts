import { checkSpec, describeCounterexample } from '../../specification/index.js';
import type { MutantVerdict } from '../mutant-verdict.js';
import type { ReviewSpecCheck } from './review-spec-check.js';
import type { SpecTestSettings } from './spec-test-settings.js';

/**
 * A mutant's spec tests through its review's mutant schema: the harness is built from the schema's
 * files (one build serves every mutant, the harness cache reusing it), planned from
 * the mutant's own files (its literals seed the inputs, as when it is built alone), and run with the
 * mutant active.
 */
export interface SchemaSpecTest {
  files: ReadonlyMap<string, Uint8Array>;
  /**
   * Every function the review spec-tests: the harness is built for all of them and runs the mutant's
   * alone, so that one harness build serves every mutant of every function.
   */
  harnessFunctions: readonly string[];
  runEnvironment: Readonly<Record<string, string>>;
  /** Rewrites source locations of the schema's files (a panic's) into the mutant file's lines. */
  mapLocations(text: string): string;
}

/**
 * The spec tests of one mutant that passed the erased build and tests: its function's erased code
 * (the mutant's) run on the same generated inputs as the original's check. A counterexample kills the
 * mutant before any Verus run. Only a function whose original check ran every clause it could and
 * found nothing can kill: otherwise the counterexample would not be the mutant's doing. Anything
 * short of a counterexample (not executable, a timeout, a harness error) is no claim: null, and
 * Verus settles the mutant.
 */
export async function killBySpecTests(files: ReadonlyMap<string, Uint8Array>, crateDir: string, fnName: string, original: ReviewSpecCheck | undefined, settings: SpecTestSettings, signal?: AbortSignal, schema?: SchemaSpecTest): Promise<Extract<MutantVerdict, { status: 'killed-by-spec-tests' }> | null> {
  if (original === undefined || original.status !== 'checked' || original.counterexamples.length > 0) return null;
  try {
    const functions = schema === undefined ? { functions: [fnName] } : { functions: schema.harnessFunctions, runFunctions: [fnName], buildFiles: schema.files, runEnvironment: schema.runEnvironment };
    const report = await checkSpec({ crateDir, files, ...functions, inputs: settings.inputs, seed: settings.seed, config: settings.config, environment: settings.environment, ...(signal === undefined ? {} : { signal }) });
    const result = report.functions[0];
    if (result === undefined || result.status !== 'checked') return null;
    const counterexample = result.counterexamples[0];
    if (counterexample === undefined) return null;
    const described = describeCounterexample(result.function, counterexample);
    return { status: 'killed-by-spec-tests', settledBy: 'spec-test', counterexample: schema === undefined ? described : schema.mapLocations(described), inputs: counterexample.inputs };
  } catch (error) {
    if (signal?.aborted === true) throw error;
    return null;
  }
}

/** The original's check of a mutant's function, by file and qualified name. */
export function findOriginalCheck(checks: readonly ReviewSpecCheck[], file: string, fnName: string): ReviewSpecCheck | undefined {
  return checks.find((check) => check.file === file && check.function === fnName);
}
