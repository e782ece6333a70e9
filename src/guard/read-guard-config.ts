import { z } from 'zod';
import { describeSchemaIssue } from '../config/describe-schema-issue.js';
import { parseTomlDocument } from '../config/parse-toml-document.js';

const guardSectionSchema = z
  .object({
    allow_rlimit_increase: z.boolean().default(false),
  })
  .strict();

/** The `[guard]` table of verus-repair.toml: what the integrity guard lets a candidate do beyond its defaults. */
export interface GuardConfig {
  /** Accept candidates that add or raise `#[verifier::rlimit(..)]` (still under the ceiling). Default false. */
  allowRlimitIncrease: boolean;
}

const EXAMPLE = 'allow_rlimit_increase = false';

/** Reads `[guard]`; unknown tables are left to the other section readers, which already report them. */
export function readGuardConfig(tomlText: string, file: string): { config: GuardConfig | null; errors: string[] } {
  const parsed = parseTomlDocument(tomlText, file);
  if ('error' in parsed) return { config: null, errors: [parsed.error] };
  const section = guardSectionSchema.safeParse(parsed.document['guard'] ?? {}, { reportInput: true });
  if (!section.success) return { config: null, errors: section.error.issues.map((issue) => `${file}: ${describeSchemaIssue(issue, ['guard'], () => EXAMPLE)}`) };
  return { config: { allowRlimitIncrease: section.data.allow_rlimit_increase }, errors: [] };
}
