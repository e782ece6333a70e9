import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { describeSchemaIssue } from '../config/describe-schema-issue.js';
import { parseTomlDocument } from '../config/parse-toml-document.js';
import { ConfigurationError } from '../core/errors.js';

/** The `[spec_check]` section of verus-repair.toml, normalized. */
export interface SpecCheckConfig {
  /** The harness process's heap cap, in MiB: an input whose call allocates past it ends, as a timeout does. */
  memoryMb: number;
}

export const DEFAULT_SPEC_CHECK_MEMORY_MB = 1024;
/** Below this the harness's own inputs and bookkeeping would count against the code under test. */
export const MINIMUM_SPEC_CHECK_MEMORY_MB = 16;
export const MAXIMUM_SPEC_CHECK_MEMORY_MB = 1024 * 1024;

const sectionSchema = z.object({ memory_mb: z.number().int().min(MINIMUM_SPEC_CHECK_MEMORY_MB).max(MAXIMUM_SPEC_CHECK_MEMORY_MB).default(DEFAULT_SPEC_CHECK_MEMORY_MB) }).strict();

const EXAMPLE = 'memory_mb = 512';

/** Reads `[spec_check]`; each problem is one message naming the key, the expected form and an example. */
export function readSpecCheckConfig(tomlText: string, file: string): { config: SpecCheckConfig | null; errors: string[] } {
  const parsed = parseTomlDocument(tomlText, file);
  if ('error' in parsed) return { config: null, errors: [parsed.error] };
  const section = sectionSchema.safeParse(parsed.document['spec_check'] ?? {}, { reportInput: true });
  if (!section.success) return { config: null, errors: section.error.issues.map((issue) => `${file}: ${describeSchemaIssue(issue, ['spec_check'], () => EXAMPLE)}`) };
  return { config: { memoryMb: section.data.memory_mb }, errors: [] };
}

/** `[spec_check]` of the crate's verus-repair.toml; the defaults when there is none. */
export async function loadSpecCheckConfig(crateDir: string): Promise<SpecCheckConfig> {
  const file = path.join(crateDir, 'verus-repair.toml');
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return { memoryMb: DEFAULT_SPEC_CHECK_MEMORY_MB };
  const { config, errors } = readSpecCheckConfig(text, file);
  if (config === null) throw new ConfigurationError(errors.join('\n'));
  return config;
}
