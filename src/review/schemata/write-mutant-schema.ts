import type { FunctionItem, VerusFileIr } from '../../ir/index.js';
import type { Mutant } from '../mutant.js';
import { locateSingleEdit, type SingleEdit } from './locate-single-edit.js';
import { ACTIVE_MUTANT_FUNCTION, SCHEMA_SWITCH_MODULE } from './schema-switch-module.js';
import { chooseSwitchRegion, type SwitchRegion } from './switch-region.js';

/** Where one mutant's code sits in the schema: its switch (all of the region's branches and the original) and its own branch, UTF-16 offsets of the schema file. */
export interface SchemaSite {
  mutantId: string;
  /** The number the schema activates the mutant by (VERUS_REPAIR_MUTANT); from 1. */
  number: number;
  file: string;
  switchStart: number;
  switchEnd: number;
  branchStart: number;
  branchEnd: number;
  /** The original's offset where the mutant's branch text begins (the switched region's start), and the mutant's own edit. */
  regionStart: number;
  edit: SingleEdit;
}

/** A switch of a schema file: its schema range and the original range it replaced. */
export interface SchemaSwitch {
  schemaStart: number;
  schemaEnd: number;
  originalStart: number;
  originalEnd: number;
}

export interface MutantSchemaPlan {
  /** The schema's text of every file it changes: the mutated files, and the crate roots that get the switch module. */
  files: Map<string, string>;
  sites: SchemaSite[];
  /** Each changed file's switches, in order. */
  switches: Map<string, SchemaSwitch[]>;
  /** Mutants the schema leaves out (built on their own), with why. */
  excluded: Array<{ mutantId: string; reason: string }>;
}

interface PlacedMutant {
  mutant: Mutant;
  edit: SingleEdit;
  region: SwitchRegion;
  fn: FunctionItem;
}

const CRATE_ROOTS = ['src/lib.rs', 'src/main.rs'];

/**
 * One program holding every mutant (a mutant schema: Untch, Offutt and Harrold, ISSTA 1993): at
 * each mutated place a switch on the active mutant chooses the mutant's code or the original's, so
 * one erased build serves every mutant. Mutants sharing a place chain their branches
 * (`if active(1) {..} else if active(2) {..} else { original }`); a function with a mutant that
 * spans statements switches its whole body for all of its mutants, so switches never overlap.
 * `sources` are the parsed original files; `rootTexts` the crate roots present (lib.rs, main.rs).
 */
export function writeMutantSchema(sources: readonly VerusFileIr[], mutants: readonly Mutant[], rootTexts: ReadonlyMap<string, string>): MutantSchemaPlan {
  const excluded: MutantSchemaPlan['excluded'] = [];
  const roots = CRATE_ROOTS.filter((file) => rootTexts.has(file));
  if (roots.length === 0) return { files: new Map(), sites: [], switches: new Map(), excluded: mutants.map((mutant) => ({ mutantId: mutant.id, reason: 'the crate has no src/lib.rs or src/main.rs to hold the schema switch' })) };
  const files = new Map<string, string>();
  const sites: SchemaSite[] = [];
  const switches = new Map<string, SchemaSwitch[]>();
  const numbers = new Map(mutants.map((mutant, index) => [mutant.id, index + 1]));
  for (const ir of sources) {
    const placed: PlacedMutant[] = [];
    for (const mutant of mutants.filter((entry) => entry.file === ir.file)) {
      const edit = locateSingleEdit(ir.source.text, mutant.source);
      const fn = ir.functions.find((candidate) => candidate.qualifiedName === mutant.function && candidate.body !== null && contains(ir, candidate, edit));
      const region = fn === undefined ? null : chooseSwitchRegion(ir, fn, edit);
      if (fn === undefined || region === null) excluded.push({ mutantId: mutant.id, reason: 'its change is not in a statement, a let initializer or a body the schema can switch' });
      else placed.push({ mutant, edit, region, fn });
    }
    if (placed.length === 0) continue;
    const fileSwitches: SchemaSwitch[] = [];
    const text = switchFile(ir.source.text, widenToBodies(placed), { sites, excluded, file: ir.file, numbers, switches: fileSwitches });
    switches.set(ir.file, fileSwitches);
    files.set(ir.file, text);
  }
  for (const root of roots) files.set(root, `${files.get(root) ?? rootTexts.get(root) ?? ''}${SCHEMA_SWITCH_MODULE}`);
  return { files, sites, switches, excluded };
}

function contains(ir: VerusFileIr, fn: FunctionItem, edit: SingleEdit): boolean {
  const start = ir.source.indexAtByteOffset(fn.span.byteStart);
  const end = ir.source.indexAtByteOffset(fn.span.byteEnd);
  return start <= edit.start && edit.end <= end;
}

/** A function with a body-wide switch switches its whole body for every one of its mutants. */
function widenToBodies(placed: readonly PlacedMutant[]): PlacedMutant[] {
  const bodies = new Map<FunctionItem, SwitchRegion>();
  for (const entry of placed) if (entry.region.kind === 'body') bodies.set(entry.fn, entry.region);
  return placed.map((entry) => ({ ...entry, region: bodies.get(entry.fn) ?? entry.region }));
}

interface SwitchOutput {
  sites: SchemaSite[];
  excluded: MutantSchemaPlan['excluded'];
  file: string;
  numbers: ReadonlyMap<string, number>;
  switches: SchemaSwitch[];
}

function switchFile(original: string, placed: readonly PlacedMutant[], output: SwitchOutput): string {
  const { sites, excluded, file, numbers, switches } = output;
  const groups = new Map<string, { region: SwitchRegion; members: PlacedMutant[] }>();
  for (const entry of placed) {
    const key = `${entry.region.start}:${entry.region.end}`;
    const group = groups.get(key) ?? { region: entry.region, members: [] };
    group.members.push(entry);
    groups.set(key, group);
  }
  let text = '';
  let copied = 0;
  for (const { region, members } of [...groups.values()].sort((left, right) => left.region.start - right.region.start)) {
    if (region.start < copied) {
      // Overlapping switches cannot both stand: these mutants are built on their own.
      for (const { mutant } of members) excluded.push({ mutantId: mutant.id, reason: 'its switch would overlap another' });
      continue;
    }
    text += original.slice(copied, region.start);
    const switchStart = text.length;
    const originalCode = original.slice(region.start, region.end);
    const open = region.kind === 'let-value' ? ' (' : '';
    text += open;
    const pending: Array<Omit<SchemaSite, 'switchEnd'>> = [];
    for (const { mutant, edit } of members) {
      text += `if ${ACTIVE_MUTANT_FUNCTION}(${numbers.get(mutant.id) ?? 0}) { `;
      const branchStart = text.length;
      text += `${originalCode.slice(0, edit.start - region.start)}${edit.replacement}${originalCode.slice(edit.end - region.start)}`;
      pending.push({ mutantId: mutant.id, number: numbers.get(mutant.id) ?? 0, file, switchStart, branchStart, branchEnd: text.length, regionStart: region.start, edit });
      text += ' } else ';
    }
    text += `{ ${originalCode} }${region.kind === 'let-value' ? ')' : ''}`;
    for (const site of pending) sites.push({ ...site, switchEnd: text.length });
    switches.push({ schemaStart: switchStart, schemaEnd: text.length, originalStart: region.start, originalEnd: region.end });
    copied = region.end;
  }
  return text + original.slice(copied);
}
