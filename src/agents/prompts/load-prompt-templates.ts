import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { findPromptsDirectory } from './find-prompts-directory.js';
import { PROMPT_TEMPLATE_NAMES, type PromptTemplates } from './prompt-template-names.js';

/** Reads every template from prompts/ at run time (they are data, not code); fails naming a missing file. */
export function loadPromptTemplates(directory: string | null = findPromptsDirectory()): PromptTemplates {
  if (directory === null) {
    throw new ConfigurationError('cannot find the prompts/ folder of verus-repair; reinstall the package or set VERUS_REPAIR_PROMPTS_DIR=/path/to/prompts');
  }
  const entries = PROMPT_TEMPLATE_NAMES.map((name) => {
    const file = join(directory, `${name}.md`);
    try {
      return [name, readFileSync(file, 'utf8')] as const;
    } catch {
      throw new ConfigurationError(`cannot read prompt template ${file}; every one of ${PROMPT_TEMPLATE_NAMES.join(', ')} must exist as <name>.md`);
    }
  });
  return Object.fromEntries(entries) as PromptTemplates;
}
