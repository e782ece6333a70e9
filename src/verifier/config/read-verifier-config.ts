import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { describeSchemaIssue } from '../../config/describe-schema-issue.js';
import { findUnknownTables } from '../../config/find-unknown-tables.js';
import { parseTomlDocument } from '../../config/parse-toml-document.js';
import { describeQueueIssues, normalizeQueueSection, queueSectionSchema } from './queue-config.js';
import { resolveToolchainPinFile } from '../toolchain/resolve-toolchain-pin-file.js';
import { exampleForVerifierKey } from './verifier-config-examples.js';
import { verifierSectionSchema, type VerifierConfig, type VerifierSection } from './verifier-config.js';

/** Where scratch builds share their cargo artifacts by default, relative to the project root. */
export const DEFAULT_PRECHECK_TARGET_DIR = path.join('.verus-repair', 'cargo-target');

/** The config file verus-repair looks for in the crate or repository root. */
export const CONFIG_FILE_NAME = 'verus-repair.toml';

/** Outcome of reading `[verifier]`: a config when there are no errors, and every message. */
export interface VerifierConfigResult {
  config: VerifierConfig | null;
  warnings: string[];
  errors: string[];
}

/**
 * Reads `[verifier]` from verus-repair.toml text: parse TOML → validate → normalize (relative paths
 * are resolved against `baseDir`, the directory holding the file). Other known sections are left to
 * their readers; an unknown top-level table is an error.
 */
export function readVerifierConfig(tomlText: string, file: string, baseDir: string): VerifierConfigResult {
  const parsedToml = parseTomlDocument(tomlText, file);
  if ('error' in parsedToml) return { config: null, warnings: [], errors: [parsedToml.error] };
  const document = parsedToml.document;
  const unknownTables = findUnknownTables(document, file);
  const section = document['verifier'] ?? {};
  const parsed = verifierSectionSchema.safeParse(section, { reportInput: true });
  const queue = queueSectionSchema.safeParse(document['queue'] ?? {}, { reportInput: true });
  const queueErrors = queue.success ? [] : describeQueueIssues(queue.error.issues, file);
  if (!parsed.success) {
    return { config: null, warnings: [], errors: [...parsed.error.issues.map((issue) => `${file}: ${describeSchemaIssue(issue, ['verifier'], exampleForVerifierKey)}`), ...queueErrors, ...unknownTables] };
  }
  if (!queue.success || unknownTables.length > 0) return { config: null, warnings: [], errors: [...queueErrors, ...unknownTables] };
  const warnings = parsed.data.timeout_ms < parsed.data.rlimit * 1000
    ? [`${file}: verifier.timeout_ms (${parsed.data.timeout_ms}) is shorter than one rlimit (roughly ${parsed.data.rlimit} s); most runs will time out. Example: timeout_ms = ${Math.ceil(parsed.data.rlimit * 1000 * 20)}`]
    : [];
  const normalized = normalizeVerifierSection(parsed.data, baseDir);
  const overlap = describeCacheInBuildTree(normalized, file);
  if (overlap !== null) return { config: null, warnings: [], errors: [overlap] };
  return { config: { ...normalized, queue: normalizeQueueSection(queue.data) }, warnings, errors: [] };
}

/**
 * The result cache must not share a tree with the pre-check's target directory: sandboxed builds
 * (the crate's build script, its proc macros) may write anywhere in that directory, so a cache
 * inside it (or holding it) is one a hostile crate could fill with a forged verdict.
 */
function describeCacheInBuildTree(config: Omit<VerifierConfig, 'queue'>, file: string): string | null {
  const target = config.precheck.targetDir ?? config.precheck.defaultTargetDir;
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}${path.sep}`);
  if (!within(config.cacheDir, target) && !within(target, config.cacheDir)) return null;
  const where = within(config.cacheDir, target) ? 'is inside' : 'holds';
  return `${file}: verifier.cache_dir (${config.cacheDir}) ${where} the pre-check's cargo target directory (${target}), which sandboxed builds can write: a crate could forge a cached verdict there. Put them apart. Example: cache_dir = ".verus-repair/cache" with target_dir = ".verus-repair/cargo-target"`;
}

/** The configuration used when there is no verus-repair.toml: every default, paths under `baseDir`. */
export function defaultVerifierConfig(baseDir: string): VerifierConfig {
  return { ...normalizeVerifierSection(verifierSectionSchema.parse({}), baseDir), queue: normalizeQueueSection(queueSectionSchema.parse({})) };
}

/**
 * Loads `<dir>/verus-repair.toml` when it exists (defaults otherwise). Throws one ConfigurationError
 * listing every problem, each naming the key, the expected form and an example.
 */
export async function loadVerifierConfig(dir: string): Promise<{ config: VerifierConfig; warnings: string[]; file: string | null }> {
  const file = path.join(dir, CONFIG_FILE_NAME);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { config: defaultVerifierConfig(dir), warnings: [], file: null };
    throw new ConfigurationError(`cannot read ${file}: ${firstLine(error)}`);
  }
  const result = readVerifierConfig(text, file, dir);
  if (result.config === null || result.errors.length > 0) throw new ConfigurationError(result.errors.join('\n'));
  return { config: result.config, warnings: result.warnings, file };
}

function normalizeVerifierSection(section: VerifierSection, baseDir: string): Omit<VerifierConfig, 'queue'> {
  const resolveIfPath = (value: string): string => (value.includes('/') ? path.resolve(baseDir, value) : value);
  return {
    runner: section.runner,
    verusPath: resolveIfPath(section.verus_path),
    cargoPath: resolveIfPath(section.cargo_path),
    cargoVerusPath: section.cargo_verus_path === undefined ? null : path.resolve(baseDir, section.cargo_verus_path),
    rlimit: section.rlimit,
    expandErrors: section.expand_errors,
    noCheating: section.no_cheating,
    timeoutMs: section.timeout_ms,
    maxOutputBytes: section.max_output_bytes,
    cacheDir: path.resolve(baseDir, section.cache_dir),
    pin: resolveToolchainPinFile(baseDir, section.pin_file),
    extraVerusArgs: section.extra_verus_args,
    scope: section.scope,
    stabilitySeeds: section.stability_seeds,
    passEnv: section.pass_env,
    docker: {
      image: section.docker.image ?? null,
      memory: section.docker.memory,
      pidsLimit: section.docker.pids_limit,
      cpus: section.docker.cpus,
      user: section.docker.user,
      tmpfsSize: section.docker.tmpfs_size,
    },
    precheck: {
      enabled: section.precheck.enabled,
      test: section.precheck.test,
      targetDir: section.precheck.target_dir === undefined ? null : path.resolve(baseDir, section.precheck.target_dir),
      defaultTargetDir: path.resolve(baseDir, DEFAULT_PRECHECK_TARGET_DIR),
      timeoutMs: section.precheck.timeout_ms,
      offline: section.precheck.offline,
      sandbox: section.precheck.sandbox,
    },
  };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
