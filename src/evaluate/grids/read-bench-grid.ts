import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'smol-toml';
import type { FeedbackLevel } from '../../agents/index.js';
import { ConfigurationError } from '../../core/errors.js';
import { describeSchemaIssue } from '../../config/describe-schema-issue.js';
import { parseTomlDocument } from '../../config/parse-toml-document.js';
import { readVerifierConfig } from '../../verifier/config/read-verifier-config.js';
import { DEFAULT_MAX_ATTEMPTS, type BenchGrid, type GridModel } from './bench-grid.js';
import { checkDistinctAxisValues, checkDistinctModels } from './check-distinct-settings.js';
import { keySource, locateGridEntries, modelSource, type GridEntryLines } from './locate-grid-entries.js';
import { GRID_EXAMPLES, gridFileSchema, type GridFile } from './grid-schema.js';

/** Axes given on the command line; each one replaces that axis of the grid file. */
export interface GridOverrides {
  models: string[];
  feedback: FeedbackLevel[] | null;
  samples: number | null;
  iterations: number | null;
  repetitions: number | null;
  temperature: number | null;
  /** `--max-attempts`: the size cap (tasks × settings × repetitions), over the grid's max_attempts. */
  maxAttempts?: number | null;
}

/**
 * The grid: the file (read → validate → normalize), then the command-line axes over it. A `[verifier]`
 * table is checked with the same rules as verus-repair.toml's; without one, `fallbackVerifier`
 * (the current repository's verus-repair.toml `[verifier]`) is used.
 */
export async function readBenchGrid(file: string | null, overrides: GridOverrides, fallback: { verifier: Record<string, unknown> | null; queue: Record<string, unknown> | null } | null, baseDir: string): Promise<BenchGrid> {
  const where = file ?? 'the command line';
  const { data: parsed, lines } = file === null ? { data: {} as GridFile, lines: locateGridEntries('') } : await parseGridFile(file);
  const fromFlags = overrides.models.length > 0;
  const models = fromFlags ? overrides.models.map((name) => parsed.model?.find((model) => model.name === name) ?? { name, api_key_env: 'OPENAI_API_KEY' }) : (parsed.model ?? []);
  if (models.length === 0) throw new ConfigurationError(`${where}: no model to bench; give --model NAME (repeatable) or [[model]] tables. Example:\n${GRID_EXAMPLES['model']}`);
  checkDistinctModels(models.map((model, index) => ({ name: model.name, source: fromFlags ? `--model "${model.name}" (#${index + 1} of the --model flags)` : modelSource(index, model.name, lines, models.length) })), fromFlags ? 'the command line' : where);
  const repetitions = overrides.repetitions ?? parsed.repetitions ?? 1;
  const seeds = parsed.seeds ?? Array.from({ length: repetitions }, (_, index) => index + 1);
  if (seeds.length !== repetitions) throw new ConfigurationError(`${where}: seeds has ${seeds.length} entries but repetitions = ${repetitions}; give one seed per repetition, e.g. ${GRID_EXAMPLES['seeds']}`);
  const queueTable = parsed.queue ?? fallback?.queue ?? null;
  const verifierTable = anchorVerifierTable(parsed.verifier ?? fallback?.verifier ?? null, queueTable, file ?? 'verus-repair.toml', baseDir);
  const feedback = overrides.feedback ?? list(parsed.feedback) ?? ['none', 'generic', 'auto'];
  const samples = overrides.samples === null ? (list(parsed.samples) ?? [1]) : [overrides.samples];
  const temperatures = overrides.temperature === null ? (list(parsed.temperature) ?? [0.2]) : [overrides.temperature];
  checkDistinctAxisValues('feedback', feedback, overrides.feedback === null ? keySource('feedback', lines) : '--feedback', overrides.feedback === null ? where : 'the command line');
  checkDistinctAxisValues('samples', samples, keySource('samples', lines), where);
  checkDistinctAxisValues('temperature', temperatures, keySource('temperature', lines), where);
  return {
    models: models.map((model) => normalizeModel(model, where)),
    feedback, samples, temperatures,
    iterations: overrides.iterations ?? parsed.iterations ?? 6,
    repetitions, seeds, houdiniRounds: parsed.houdini_rounds ?? 2, verifierTable, queueTable,
    maxAttempts: overrides.maxAttempts ?? parsed.max_attempts ?? DEFAULT_MAX_ATTEMPTS,
  };
}

async function parseGridFile(file: string): Promise<{ data: GridFile; lines: GridEntryLines }> {
  const text = await readFile(file, 'utf8').catch((error: Error) => { throw new ConfigurationError(`cannot read grid ${file}: ${error.message}`); });
  const document = parseTomlDocument(text, file);
  if ('error' in document) throw new ConfigurationError(document.error);
  const result = gridFileSchema.safeParse(document.document, { reportInput: true });
  if (!result.success) throw new ConfigurationError(result.error.issues.map((issue) => `${file}: ${describeSchemaIssue(issue, [], (key) => GRID_EXAMPLES[key.split('.')[0] ?? ''] ?? GRID_EXAMPLES['model'] ?? '')}`).join('\n'));
  return { data: result.data, lines: locateGridEntries(text) };
}

function normalizeModel(model: NonNullable<GridFile['model']>[number], where: string): GridModel {
  const hasIn = model.input_per_million !== undefined;
  if (model.cached_input_per_million !== undefined && !hasIn) throw new ConfigurationError(`${where}: model "${model.name}" gives cached_input_per_million without input_per_million and output_per_million. Example:\n${GRID_EXAMPLES['model']}\ncached_input_per_million = 1.25`);
  if (hasIn !== (model.output_per_million !== undefined)) throw new ConfigurationError(`${where}: model "${model.name}" needs both input_per_million and output_per_million, or neither. Example:\n${GRID_EXAMPLES['model']}`);
  if (model.base_url !== undefined && model.base_url_env !== undefined) throw new ConfigurationError(`${where}: model "${model.name}" gives both base_url and base_url_env; keep one`);
  let baseUrl = model.base_url ?? null;
  if (model.base_url_env !== undefined) {
    baseUrl = process.env[model.base_url_env] ?? null;
    if (baseUrl === null) throw new ConfigurationError(`${where}: model "${model.name}" reads its base URL from ${model.base_url_env}, which is not set. Example: export ${model.base_url_env}=http://localhost:8000/v1`);
  }
  return { name: model.name, baseUrl, apiKeyEnv: model.api_key_env, prices: hasIn ? { inputPerMillion: model.input_per_million ?? 0, cachedInputPerMillion: model.cached_input_per_million ?? null, outputPerMillion: model.output_per_million ?? 0 } : null };
}

/**
 * `[verifier]` and `[queue]` are checked by the same reader as verus-repair.toml's. Attempts run in
 * their own repositories, so what resolves against this one is made absolute: the pin in force (the
 * grid's pin_file, else this repository's verus-toolchain/pin.toml, else the package's) and the
 * pre-check target directory.
 */
function anchorVerifierTable(verifier: Record<string, unknown> | null, queue: Record<string, unknown> | null, file: string, baseDir: string): Record<string, unknown> {
  const result = readVerifierConfig(stringify({ ...(verifier === null ? {} : { verifier }), ...(queue === null ? {} : { queue }) }), file, baseDir);
  if (result.config === null || result.errors.length > 0) throw new ConfigurationError(result.errors.join('\n'));
  const precheck = (verifier?.['precheck'] ?? {}) as Record<string, unknown>;
  const targetDir = typeof precheck['target_dir'] === 'string' ? { precheck: { ...precheck, target_dir: path.resolve(baseDir, precheck['target_dir']) } } : {};
  return { ...(verifier ?? {}), pin_file: result.config.pin.file, ...targetDir };
}

function list<T>(value: T | T[] | undefined): T[] | null {
  return value === undefined ? null : Array.isArray(value) ? value : [value];
}
