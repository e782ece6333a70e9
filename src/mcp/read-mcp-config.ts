import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConfigurationError } from '../core/errors.js';
import { describeSchemaIssue } from '../config/describe-schema-issue.js';
import { parseTomlDocument } from '../config/parse-toml-document.js';
import { MCP_TOOL_NAMES, type McpToolName } from './mcp-tool-names.js';

/** Seconds each tool may run before its child processes are stopped and the call ends in a tool error. */
export const DEFAULT_TIME_LIMITS: Readonly<Record<McpToolName, number>> = {
  verus_outline: 30,
  verus_verify: 1800,
  verus_explain: 10,
  verus_check_spec: 900,
  verus_guard: 60,
  verus_record: 1800,
  verus_history: 30,
  verus_review: 3600,
};

const seconds = z.number().positive().max(86_400);
const timeLimitsSchema = z.object(Object.fromEntries(MCP_TOOL_NAMES.map((name) => [name, seconds.optional()])) as Record<McpToolName, z.ZodOptional<typeof seconds>>).strict();
const mcpSectionSchema = z.object({ cache: z.boolean().default(true), time_limits: timeLimitsSchema.prefault({}) }).strict();

/** The `[mcp]` table of verus-repair.toml. */
export interface McpConfig {
  /** `[mcp] cache`: verus_verify answers from (and fills) the verifier's result cache; default true. */
  cache: boolean;
  /** Per tool, in seconds (`[mcp.time_limits]`). */
  timeLimits: Record<McpToolName, number>;
}

const EXAMPLE = 'verus_verify = 1800 under [mcp.time_limits], or cache = true under [mcp]';

/** Reads `[mcp]`; unknown tables are reported by the verifier's reader, which every call loads too. */
export function readMcpConfig(tomlText: string, file: string): { config: McpConfig | null; errors: string[] } {
  const parsed = parseTomlDocument(tomlText, file);
  if ('error' in parsed) return { config: null, errors: [parsed.error] };
  const section = mcpSectionSchema.safeParse(parsed.document['mcp'] ?? {}, { reportInput: true });
  if (!section.success) {
    const known = ` Known keys: [mcp] cache, time_limits; [mcp.time_limits] ${MCP_TOOL_NAMES.join(', ')}.`;
    return { config: null, errors: section.error.issues.map((issue) => `${file}: ${describeSchemaIssue(issue, ['mcp'], () => EXAMPLE, () => known)}`) };
  }
  const limits = section.data.time_limits as Partial<Record<McpToolName, number>>;
  return { config: { cache: section.data.cache, timeLimits: { ...DEFAULT_TIME_LIMITS, ...Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)) } }, errors: [] };
}

/** The `[mcp]` table of the repository's verus-repair.toml (defaults when there is none); a bad table is a ConfigurationError naming the file and key. */
export async function loadMcpConfig(repoDir: string): Promise<McpConfig> {
  const file = path.join(repoDir, 'verus-repair.toml');
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return { cache: true, timeLimits: { ...DEFAULT_TIME_LIMITS } };
  const { config, errors } = readMcpConfig(text, file);
  if (config === null) throw new ConfigurationError(errors.join('\n'));
  return config;
}
