import { createHash } from 'node:crypto';
import { parseVerusSource, type FunctionItem, type VerusFileIr } from '../ir/index.js';
import { throwAbortReason } from '../verifier/runners/throw-if-aborted.js';
import { checkMutantViews } from './check-mutant-views.js';
import { markExecTokens } from './exec-token-mask.js';
import { excerptFunction, type FunctionExcerpt } from './excerpt-function.js';
import type { Mutant } from './mutant.js';
import type { MutationOperator } from './mutation-operator.js';
import type { MutationSite } from './mutation-site.js';
import { findMutationSites } from './operators/find-mutation-sites.js';
import { sampleInOrder } from './sample-mutants.js';

export interface MutantGenerationRequest {
  /** The parsed files to mutate, crate-relative paths as `file`, in a stable order. */
  files: VerusFileIr[];
  /** The exec functions to mutate (qualified names); null = every exec function inside `verus!`. */
  functions: ReadonlySet<string> | null;
  operators: readonly MutationOperator[];
  maxMutants: number | null;
  seed: number;
  /** Aborting stops generation between functions, with the signal's reason. */
  signal?: AbortSignal;
}

export interface MutantGeneration {
  mutants: Mutant[];
  /** Distinct mutants before sampling. */
  total: number;
  /** Rewrites dropped because they did not change exec code only, or repeated another mutant's source. */
  rejected: number;
  duplicates: number;
  /** The seed when `maxMutants` cut the list, null when every mutant was kept. */
  sampledWithSeed: number | null;
}

/**
 * Every mutant of the selected exec functions, in a deterministic order (file, function, operator
 * order as given, position), deduplicated by the sha256 of the mutated source, each proven by the
 * guard's views to change executable code only.
 *
 * Linear in the crate's size: a rewrite is checked on its function alone (excerptFunction), not by
 * parsing the whole file again, and a mutant holds the file's text once, shared, not a copy (its
 * `source` is spliced when read). Parsing the file per rewrite made 400 functions take minutes.
 */
export async function generateMutants(request: MutantGenerationRequest): Promise<MutantGeneration> {
  const seen = new Set<string>();
  const all: Array<Omit<Mutant, 'id'>> = [];
  let rejected = 0;
  let duplicates = 0;
  for (const ir of request.files) {
    seen.add(sha256(ir.source.text));
    const bytes = Buffer.from(ir.source.text, 'utf8');
    for (const fn of ir.functions) {
      if (!isSelected(fn, request.functions)) continue;
      // Parsing is synchronous: yield to the event loop so a Ctrl-C or SIGTERM handler runs.
      await new Promise((resolve) => setImmediate(resolve));
      if (request.signal?.aborted === true) throwAbortReason(request.signal);
      const exec = markExecTokens(ir, fn);
      if (exec === null) continue;
      const sites = request.operators.flatMap((operator) => findMutationSites({ ir, fn, exec }, operator).sort((left, right) => left.start - right.start));
      if (sites.length === 0) continue;
      const excerpt = await excerptFunction(ir, fn);
      const hashMutant = hashRewrites(ir, bytes, excerpt.start);
      for (const site of sites) {
        const mutant = await buildMutant(ir, excerpt, site, hashMutant);
        if (mutant === null) rejected++;
        else if (seen.has(mutant.sourceSha256)) duplicates++;
        else {
          seen.add(mutant.sourceSha256);
          all.push(mutant);
        }
      }
    }
  }
  const kept = request.maxMutants === null ? all : sampleInOrder(all, request.maxMutants, request.seed);
  return {
    mutants: kept.map((mutant, index) => withId(`m${index + 1}`, mutant)),
    total: all.length,
    rejected,
    duplicates,
    sampledWithSeed: kept.length < all.length ? request.seed : null,
  };
}

export function isSelected(fn: FunctionItem, functions: ReadonlySet<string> | null): boolean {
  return fn.insideVerus && fn.baseMode === 'exec' && fn.body !== null && (functions === null || functions.has(fn.qualifiedName));
}

/**
 * sha256 of the file with a rewrite inside the function at `functionStart`: the bytes before the
 * function are hashed once per function, and the text is encoded once per file.
 */
function hashRewrites(ir: VerusFileIr, bytes: Buffer, functionStart: number): (site: MutationSite) => string {
  const startByte = ir.source.byteOffsetAt(functionStart);
  const beforeFunction = createHash('sha256').update(bytes.subarray(0, startByte));
  return (site) => beforeFunction.copy().update(bytes.subarray(startByte, ir.source.byteOffsetAt(site.start))).update(site.replacement, 'utf8').update(bytes.subarray(ir.source.byteOffsetAt(site.end))).digest('hex');
}

async function buildMutant(ir: VerusFileIr, excerpt: FunctionExcerpt, site: MutationSite, hashMutant: (site: MutationSite) => string): Promise<Omit<Mutant, 'id'> | null> {
  const text = ir.source.text;
  if (!excerpt.covers(site.start, site.end)) return null;
  let mutated: VerusFileIr;
  try {
    mutated = await parseVerusSource(excerpt.rewrite(site.start, site.end, site.replacement), { file: ir.file, requireVerus: false });
  } catch {
    return null;
  }
  if (!checkMutantViews(excerpt.ir, mutated, excerpt.functionName)) return null;
  const prefix = text.slice(0, site.start);
  const suffix = text.slice(site.end);
  const replacement = site.replacement;
  return withSource({
    operator: site.operator,
    file: ir.file,
    function: site.function,
    line: ir.source.lineIndexAt(site.start) + 1,
    column: ir.source.columnAt(site.start),
    original: text.slice(site.start, site.end),
    replacement,
    diff: excerpt.diff(site.start, site.end, replacement),
    sourceSha256: hashMutant(site),
  }, () => `${prefix}${replacement}${suffix}`);
}

/** The mutant with an enumerable `source` spliced on each read: thousands of mutants of one file must not hold thousands of copies of it. */
function withSource(fields: Omit<Mutant, 'id' | 'source'>, splice: () => string): Omit<Mutant, 'id'> {
  return Object.defineProperty(fields, 'source', { get: splice, enumerable: true }) as Omit<Mutant, 'id'>;
}

function withId(id: string, mutant: Omit<Mutant, 'id'>): Mutant {
  const descriptors = Object.getOwnPropertyDescriptors(mutant);
  return Object.defineProperties({ id } as Mutant, descriptors);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
