import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, InternalError } from '../../core/errors.js';
import { findPromptsDirectory } from './find-prompts-directory.js';
import { loadPromptTemplates } from './load-prompt-templates.js';
import { PROMPT_TEMPLATE_NAMES } from './prompt-template-names.js';
import { renderTemplate } from './render-template.js';

describe('renderTemplate', () => {
  it('fills placeholders once, leaving placeholder-like text in values inert', () => {
    expect(renderTemplate('a {{x}} b {{ y }}', { x: '{{y}}', y: '2' }, 't')).toBe('a {{y}} b 2');
  });

  it('fails on a missing placeholder value and on a value without a placeholder', () => {
    expect(() => renderTemplate('a {{x}}', {}, 't')).toThrow(InternalError);
    expect(() => renderTemplate('a {{x}}', {}, 't')).toThrow(/needs \{\{x\}\}/);
    expect(() => renderTemplate('a', { x: '1' }, 't')).toThrow(/no placeholder for x/);
  });
});

describe('loadPromptTemplates', () => {
  it('finds prompts/ from the source tree and loads every template', () => {
    const directory = findPromptsDirectory({});
    expect(directory).toMatch(/prompts$/);
    const templates = loadPromptTemplates(directory);
    expect(Object.keys(templates).sort()).toEqual([...PROMPT_TEMPLATE_NAMES].sort());
    expect(templates['feedback-none'].trim()).toBe('The proposed code DID NOT verify.');
  });

  it('names the missing file', () => {
    const directory = mkdtempSync(join(tmpdir(), 'prompts-'));
    writeFileSync(join(directory, 'editor-agent-instruction.md'), 'x');
    expect(() => loadPromptTemplates(directory)).toThrow(ConfigurationError);
    expect(() => loadPromptTemplates(directory)).toThrow(/cannot read prompt template .*editor-verus-idioms\.md/);
  });
});
