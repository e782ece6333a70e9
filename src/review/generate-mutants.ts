import { createHash } from 'node:crypto';
import { createTwoFilesPatch } from 'diff';
import { parseVerusSource, type FunctionItem, type VerusFileIr } from '../ir/index.js';
import { checkMutantViews } from './check-mutant-views.js';
import { markExecTokens } from './exec-token-mask.js';
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
 */
export async function generateMutants(request: MutantGenerationRequest): Promise<MutantGeneration> {
  const seen = new Set<string>();
  const all: Omit<Mutant, 'id'>[] = [];
  let rejected = 0;
  let duplicates = 0;
  for (const ir of request.files) {
    seen.add(sha256(ir.source.text));
    for (const fn of ir.functions) {
      if (!isSelected(fn, request.functions)) continue;
      const exec = markExecTokens(ir, fn);
      if (exec === null) continue;
      const sites = request.operators.flatMap((operator) => findMutationSites({ ir, fn, exec }, operator).sort((left, right) => left.start - right.start));
      for (const site of sites) {
        const mutant = await buildMutant(ir, site);
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
    mutants: kept.map((mutant, index) => ({ id: `m${index + 1}`, ...mutant })),
    total: all.length,
    rejected,
    duplicates,
    sampledWithSeed: kept.length < all.length ? request.seed : null,
  };
}

export function isSelected(fn: FunctionItem, functions: ReadonlySet<string> | null): boolean {
  return fn.insideVerus && fn.baseMode === 'exec' && fn.body !== null && (functions === null || functions.has(fn.qualifiedName));
}

async function buildMutant(ir: VerusFileIr, site: MutationSite): Promise<Omit<Mutant, 'id'> | null> {
  const text = ir.source.text;
  const source = `${text.slice(0, site.start)}${site.replacement}${text.slice(site.end)}`;
  let mutated: VerusFileIr;
  try {
    mutated = await parseVerusSource(source, { file: ir.file, requireVerus: false });
  } catch {
    return null;
  }
  if (!checkMutantViews(ir, mutated, site.function)) return null;
  return {
    operator: site.operator,
    file: ir.file,
    function: site.function,
    line: ir.source.lineIndexAt(site.start) + 1,
    column: ir.source.columnAt(site.start),
    original: text.slice(site.start, site.end),
    replacement: site.replacement,
    diff: createTwoFilesPatch(`a/${ir.file}`, `b/${ir.file}`, text, source, '', '', { context: 2 }).split('\n').slice(2).join('\n'),
    sourceSha256: sha256(source),
    source,
  };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
