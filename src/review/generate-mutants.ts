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
import { sampleInOrder, shuffledIndices } from './sample-mutants.js';

export interface MutantGenerationRequest {
  /** The parsed files to mutate, crate-relative paths as `file`, in a stable order. */
  files: VerusFileIr[];
  /** The exec functions to mutate (qualified names); null = every exec function inside `verus!`. */
  functions: ReadonlySet<string> | null;
  operators: readonly MutationOperator[];
  maxMutants: number | null;
  seed: number;
  /**
   * How `maxMutants` samples: `rewrites` (the default) draws proposed rewrites in the seeded order
   * and builds only those, until `maxMutants` distinct mutants; `mutants` builds every mutant and
   * samples them (reviews recorded before sampling came first are audited this way).
   */
  sampling?: 'rewrites' | 'mutants';
  /** Aborting stops generation with the signal's reason. */
  signal?: AbortSignal;
}

export interface MutantGeneration {
  mutants: Mutant[];
  /** Distinct mutants before sampling; when sampled from rewrites, the rewrites proposed. */
  total: number;
  /** Rewrites dropped because they did not change exec code only, or repeated another mutant's source. */
  rejected: number;
  duplicates: number;
  /** The seed when `maxMutants` cut the list, null when every mutant was kept. */
  sampledWithSeed: number | null;
  /** What the sample was drawn from, when `maxMutants` cut the list. */
  sampledFrom: 'rewrites' | 'mutants' | null;
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
  const proposals = await proposeRewrites(request);
  const sampling = request.sampling ?? 'rewrites';
  const seen = new Set(request.files.map((ir) => sha256(ir.source.text)));
  const counts = { rejected: 0, duplicates: 0 };
  let built = 0;
  const accept = async (proposal: ProposedRewrite): Promise<Omit<Mutant, 'id'> | null> => {
    // Parsing is synchronous: yield to the event loop now and then, so a Ctrl-C or SIGTERM handler runs.
    if (++built % YIELD_EVERY === 0) await yieldToSignals(request.signal);
    const mutant = await buildMutant(proposal.function.ir, await proposal.function.excerpt(), proposal.site, proposal.function.hashMutant);
    if (mutant === null) counts.rejected++;
    else if (seen.has(mutant.sourceSha256)) counts.duplicates++;
    else {
      seen.add(mutant.sourceSha256);
      return mutant;
    }
    return null;
  };
  const limit = request.maxMutants;
  if (sampling === 'rewrites' && limit !== null && proposals.length > limit) {
    // Sample before building: rewrites in the seeded order until `limit` of them are distinct mutants.
    const chosen: Array<{ index: number; mutant: Omit<Mutant, 'id'> }> = [];
    for (const index of shuffledIndices(proposals.length, request.seed)) {
      const mutant = await accept(proposals[index] as ProposedRewrite);
      if (mutant !== null) chosen.push({ index, mutant });
      if (chosen.length === limit) break;
    }
    const cut = chosen.length === limit;
    const kept = chosen.sort((left, right) => left.index - right.index).map((entry) => entry.mutant);
    return { mutants: kept.map((mutant, index) => withId(`m${index + 1}`, mutant)), total: cut ? proposals.length : kept.length, rejected: counts.rejected, duplicates: counts.duplicates, sampledWithSeed: cut ? request.seed : null, sampledFrom: cut ? 'rewrites' : null };
  }
  const all: Array<Omit<Mutant, 'id'>> = [];
  for (const proposal of proposals) {
    const mutant = await accept(proposal);
    if (mutant !== null) all.push(mutant);
  }
  const kept = limit === null ? all : sampleInOrder(all, limit, request.seed);
  const cut = kept.length < all.length;
  return { mutants: kept.map((mutant, index) => withId(`m${index + 1}`, mutant)), total: all.length, rejected: counts.rejected, duplicates: counts.duplicates, sampledWithSeed: cut ? request.seed : null, sampledFrom: cut ? 'mutants' : null };
}

const YIELD_EVERY = 32;

/** One proposed rewrite and the function it is in; the function's excerpt is parsed once, when a rewrite of it is first built. */
interface ProposedRewrite {
  site: MutationSite;
  function: { ir: VerusFileIr; excerpt: () => Promise<FunctionExcerpt>; hashMutant: (site: MutationSite) => string };
}

/** Every rewrite the operators propose, in generation order (file, function, operator, position): cheap, token scans only. */
async function proposeRewrites(request: MutantGenerationRequest): Promise<ProposedRewrite[]> {
  const proposals: ProposedRewrite[] = [];
  for (const ir of request.files) {
    const bytes = Buffer.from(ir.source.text, 'utf8');
    for (const fn of ir.functions) {
      if (!isSelected(fn, request.functions)) continue;
      const exec = markExecTokens(ir, fn);
      if (exec === null) continue;
      const sites = request.operators.flatMap((operator) => findMutationSites({ ir, fn, exec }, operator).sort((left, right) => left.start - right.start));
      if (sites.length === 0) continue;
      let excerpt: Promise<FunctionExcerpt> | null = null;
      let hashMutant: ((site: MutationSite) => string) | null = null;
      const owner = {
        ir,
        excerpt: () => (excerpt ??= excerptFunction(ir, fn)),
        hashMutant: (site: MutationSite) => (hashMutant ??= hashRewrites(ir, bytes, ir.source.indexAtByteOffset(fn.span.byteStart)))(site),
      };
      for (const site of sites) proposals.push({ site, function: owner });
    }
    await yieldToSignals(request.signal);
  }
  return proposals;
}

async function yieldToSignals(signal: AbortSignal | undefined): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (signal?.aborted === true) throwAbortReason(signal);
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
