import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's prompts/ folder, found by walking up from this module, so it works from src/ (tsx,
 * vitest) and from dist/ (the published package). `VERUS_REPAIR_PROMPTS_DIR` overrides it for prompt
 * experiments.
 */
export function findPromptsDirectory(environment: NodeJS.ProcessEnv = process.env): string | null {
  const override = environment['VERUS_REPAIR_PROMPTS_DIR'];
  if (override !== undefined && override !== '') return override;
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(directory, 'prompts');
    if (existsSync(join(candidate, 'editor-agent-instruction.md')) && existsSync(join(directory, 'package.json'))) return candidate;
    const parent = dirname(directory);
    if (parent === directory) return null;
    directory = parent;
  }
}
