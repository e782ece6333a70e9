import type { VerusFileIr } from '../../ir/index.js';
import type { EditorContext } from '../editor/build-editor-prompt.js';
import type { EditorTask } from '../editor/editor-agent.js';
import { countPromptTokens } from '../model/estimate-usage.js';
import { annotateLines } from './annotate-lines.js';
import { buildWholeFileContext, describeDiagnostics } from './build-whole-file-context.js';
import type { DisplayLine } from './display-line.js';
import { renderContextSection } from './render-context-section.js';
import { selectContextItems } from './select-context-items.js';

export interface FocusedContextOptions {
  /** Files up to this many tokens (o200k_base) are sent whole: focusing them saves little. */
  wholeFileMaxTokens: number;
}

export const DEFAULT_FOCUSED_CONTEXT_OPTIONS: FocusedContextOptions = { wholeFileMaxTokens: 800 };

/**
 * The editor's view of the file: the target function(s) in full, the specifications of what they use,
 * and marker lines under the failing clauses, instead of the whole file the study sent every time.
 * Falls back to the whole file when it is small or when no target function is found in the IR.
 */
export function buildFocusedContext(ir: VerusFileIr, task: EditorTask, options: FocusedContextOptions = DEFAULT_FOCUSED_CONTEXT_OPTIONS): EditorContext {
  if (countPromptTokens(task.originalSource) <= options.wholeFileMaxTokens) return buildWholeFileContext(task);
  const items = selectContextItems(ir, task.targets, task.diagnostics);
  if (!items.some((entry) => entry.role === 'target')) return buildWholeFileContext(task);
  const sourceLines = task.originalSource.split('\n');
  const lines: DisplayLine[] = [];
  for (const entry of items) {
    if (lines.length > 0) lines.push({ number: null, text: '' });
    lines.push(...renderContextSection(ir, sourceLines, entry));
  }
  return { code: `\`\`\`rust\n${annotateLines(lines, task.diagnostics, task.filePath)}\n\`\`\``, diagnostics: describeDiagnostics(task) };
}
