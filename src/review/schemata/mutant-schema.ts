import { rm } from 'node:fs/promises';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { PrecheckResult, Prechecker } from '../../core/verifier-precheck.js';
import { SourceText, type VerusFileIr } from '../../ir/index.js';
import { materializeCrate, withFile, type CrateFiles } from '../../repair/setup/crate-snapshot.js';
import { throwAbortReason } from '../../verifier/runners/throw-if-aborted.js';
import type { Mutant } from '../mutant.js';
import { ACTIVE_MUTANT_VARIABLE } from './schema-switch-module.js';
import { mapSchemaOffset } from './map-schema-location.js';
import { writeMutantSchema, type SchemaSite, type SchemaSwitch } from './write-mutant-schema.js';
import type { SchemaSpecTest } from '../spec-tests/kill-by-spec-tests.js';

/** At most this many schema builds: each drops the stillborn mutants the last one's errors named. */
const MAX_SCHEMA_BUILDS = 3;

/** What the schema did for a review, for its report and the bench. */
export interface SchemaSummary {
  mutants: number;
  /** Settled by the schema's build (stillborn) or its test runs. */
  settledBySchema: number;
  /** Built on their own: the schema could not switch them, or only the schema failed with them. */
  builtAlone: number;
  /** Erased builds of the schema (cargo build of all its mutants at once). */
  builds: number;
  /** Why the schema was given up entirely, or null. */
  abandoned: string | null;
}

export interface MutantSchemaInput {
  crateFiles: CrateFiles;
  crateDir: string;
  sources: readonly VerusFileIr[];
  mutants: readonly Mutant[];
  /** Erased `cargo build` only, with the variants' time limit. */
  buildPrechecker: Prechecker;
  /** The variants' full erased stage (build, and tests unless the original's tests fail) with VERUS_REPAIR_MUTANT set to `active`; null: no tests. */
  createTestPrechecker: ((active: number) => Prechecker) | null;
  signal?: AbortSignal;
}

/**
 * The erased stages of a review as one program: every mutant compiled into one schema crate
 * (write-mutant-schema.ts), built once, and its tests run once per mutant with that mutant active.
 * A build that fails names the stillborn mutants by its errors' spans: an error inside a mutant's
 * own branch makes it stillborn (its verdict's detail is that error), an error elsewhere in its
 * switch sends it to be built on its own, and an error outside every switch gives the schema up.
 * The schema is built again without them, at most MAX_SCHEMA_BUILDS times. Before any mutant runs,
 * the schema's tests run with no mutant active: they must pass as the original's did, or the schema
 * is given up. A mutant the schema does not settle gets `null`, and is built on its own as before.
 * The schema is never verified: Verus checks each surviving mutant as its own variant.
 */
export class MutantSchema {
  private readonly known = new Map<string, PrecheckResult>();
  private readonly inSchema = new Set<string>();
  private directory: string | null = null;
  /** The schema crate's files as built (the accepted build's), their texts, sites and switches. */
  private files: CrateFiles | null = null;
  private texts: ReadonlyMap<string, string> | null = null;
  private readonly sites = new Map<string, SchemaSite>();
  private switches: ReadonlyMap<string, readonly SchemaSwitch[]> = new Map();
  private builtResult: PrecheckResult | null = null;
  private summaryFacts: SchemaSummary;

  private constructor(private readonly input: MutantSchemaInput) {
    this.summaryFacts = { mutants: input.mutants.length, settledBySchema: 0, builtAlone: 0, builds: 0, abandoned: null };
  }

  static async prepare(input: MutantSchemaInput): Promise<MutantSchema> {
    const schema = new MutantSchema(input);
    try {
      await schema.build();
    } catch (error) {
      await schema.dispose();
      throw error;
    }
    return schema;
  }

  get summary(): SchemaSummary {
    return { ...this.summaryFacts, builtAlone: this.input.mutants.length - this.known.size - this.inSchema.size };
  }

  /** How `mutant`'s spec tests run through the schema (its harness built from the schema's files, with the checks of `harnessFunctions`), or null when it is not in the schema. */
  specTestOf(mutant: Mutant, harnessFunctions: readonly string[]): SchemaSpecTest | null {
    const site = this.sites.get(mutant.id);
    if (!this.inSchema.has(mutant.id) || this.files === null || this.texts === null || site === undefined) return null;
    const schemaText = new SourceText(this.texts.get(site.file) ?? '');
    const mutantText = new SourceText(mutant.source);
    const switches = this.switches.get(site.file) ?? [];
    // A panic's location in the mutant's file is said in the mutant's lines, as when it is built alone.
    const mapLocations = (text: string): string => text.replaceAll(/(?<![\w/.-])([\w./-]+\.rs):(\d+):(\d+)/g, (whole, file: string, line: string, column: string) => {
      if (file !== site.file) return whole;
      const mapped = mapSchemaOffset(schemaText.indexAtLineColumn(Number(line), Number(column)), site, switches);
      return mapped === null ? whole : `${file}:${mutantText.lineIndexAt(mapped) + 1}:${mutantText.columnAt(mapped)}`;
    });
    return { files: this.files, harnessFunctions, runEnvironment: { [ACTIVE_MUTANT_VARIABLE]: String(this.numberOf(mutant.id)) }, mapLocations };
  }

  /** The erased outcome of `mutant` from the schema, or null when it must be built on its own. */
  async precheck(mutant: Mutant): Promise<PrecheckResult | null> {
    const known = this.known.get(mutant.id);
    if (known !== undefined) return known;
    if (!this.inSchema.has(mutant.id) || this.directory === null) return null;
    const number = this.numberOf(mutant.id);
    const result = this.input.createTestPrechecker === null ? this.builtResult : await this.input.createTestPrechecker(number).precheck(this.directory, this.input.signal);
    if (result === null) return null;
    this.summaryFacts.settledBySchema += 1;
    return result;
  }

  async dispose(): Promise<void> {
    if (this.directory !== null) await rm(this.directory, { recursive: true, force: true });
    this.directory = null;
  }

  private readonly numbers = new Map<string, number>();

  private numberOf(mutantId: string): number {
    return this.numbers.get(mutantId) ?? 0;
  }

  private async build(): Promise<void> {
    let remaining = [...this.input.mutants];
    for (let round = 0; round < MAX_SCHEMA_BUILDS && remaining.length > 0; round++) {
      const plan = writeMutantSchema(this.input.sources, remaining, this.rootTexts());
      const excluded = new Set(plan.excluded.map((entry) => entry.mutantId));
      remaining = remaining.filter((mutant) => !excluded.has(mutant.id));
      if (plan.sites.length === 0) return this.abandon('no mutant could be switched');
      await this.dispose();
      let files = this.input.crateFiles;
      for (const [file, text] of plan.files) files = withFile(files, file, text);
      this.directory = await materializeCrate(files, this.input.crateDir, 'review-schema');
      this.files = files;
      const result = await this.input.buildPrechecker.precheck(this.directory, this.input.signal);
      if (this.input.signal?.aborted === true) throwAbortReason(this.input.signal);
      this.summaryFacts.builds += 1;
      if (result.status === 'passed') {
        this.texts = plan.files;
        this.switches = plan.switches;
        return this.accept(plan.sites, result);
      }
      if (result.status !== 'build-failed' || result.step !== 'build' || (result.fixes ?? []).some((fix) => plan.files.has(fix.file))) {
        return this.abandon(`the schema's build ended ${result.status}${result.status === 'build-failed' && (result.fixes ?? []).length > 0 ? ' after erasure fixes to a mutated file' : ''}`);
      }
      const blamed = blameErrors(result, plan.sites, plan.files);
      if (blamed === null) return this.abandon('an error of the schema build is outside every switch');
      for (const [mutantId, diagnostics] of blamed.stillborn) {
        this.known.set(mutantId, { status: 'build-failed', step: 'build', diagnostics, steps: ['build'], command: result.command, wallTimeMs: result.wallTimeMs });
        this.summaryFacts.settledBySchema += 1;
      }
      remaining = remaining.filter((mutant) => !blamed.stillborn.has(mutant.id) && !blamed.alone.has(mutant.id));
    }
    return this.abandon(remaining.length === 0 ? null : `still failing after ${MAX_SCHEMA_BUILDS} builds`);
  }

  private async accept(sites: readonly SchemaSite[], result: PrecheckResult): Promise<void> {
    for (const site of sites) {
      this.numbers.set(site.mutantId, site.number);
      this.sites.set(site.mutantId, site);
    }
    this.builtResult = result;
    if (this.input.createTestPrechecker !== null && this.directory !== null) {
      const baseline = await this.input.createTestPrechecker(0).precheck(this.directory, this.input.signal);
      if (baseline.status !== 'passed') return this.abandon(`with no mutant active, the schema's erased stage ended ${baseline.status}, not passed as the original's did`);
    }
    for (const site of sites) this.inSchema.add(site.mutantId);
  }

  private async abandon(reason: string | null): Promise<void> {
    if (reason !== null && this.inSchema.size === 0) this.summaryFacts.abandoned = reason;
    await this.dispose();
  }

  private rootTexts(): Map<string, string> {
    const texts = new Map<string, string>();
    const decoder = new TextDecoder();
    for (const file of ['src/lib.rs', 'src/main.rs']) {
      const bytes = this.input.crateFiles.get(file);
      if (bytes === undefined) continue;
      const source = this.input.sources.find((ir) => ir.file === file);
      texts.set(file, source?.source.text ?? decoder.decode(bytes).replace(/^\uFEFF/, ''));
    }
    return texts;
  }
}

/**
 * Which mutants a failed schema build's errors name: an error inside a mutant's own branch makes it
 * stillborn; one elsewhere inside its switch (the original's branch, the `if`) sends every mutant of
 * that switch to be built alone. Null when an error lies outside every switch.
 */
function blameErrors(result: Extract<PrecheckResult, { status: 'build-failed' }>, sites: readonly SchemaSite[], files: ReadonlyMap<string, string>): { stillborn: Map<string, Diagnostic[]>; alone: Set<string> } | null {
  const stillborn = new Map<string, Diagnostic[]>();
  const alone = new Set<string>();
  const texts = new Map<string, SourceText>();
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length === 0) return null;
  for (const error of errors) {
    const span = error.primary;
    if (span === null) return null;
    const text = files.get(span.file);
    if (text === undefined) return null;
    let source = texts.get(span.file);
    if (source === undefined) texts.set(span.file, (source = new SourceText(text)));
    const offset = source.indexAtLineColumn(span.line, span.column);
    const switched = sites.filter((site) => site.file === span.file && site.switchStart <= offset && offset < site.switchEnd);
    if (switched.length === 0) return null;
    const own = switched.find((site) => site.branchStart <= offset && offset < site.branchEnd);
    if (own !== undefined) stillborn.set(own.mutantId, [...(stillborn.get(own.mutantId) ?? []), error]);
    else for (const site of switched) alone.add(site.mutantId);
  }
  for (const mutantId of alone) stillborn.delete(mutantId);
  return { stillborn, alone };
}
