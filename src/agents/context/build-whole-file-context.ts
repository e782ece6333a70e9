import { describeDiagnostic } from '../feedback/describe-diagnostic.js';
import type { EditorContext } from '../editor/build-editor-prompt.js';
import type { EditorTask } from '../editor/editor-agent.js';
import { annotateLines } from './annotate-lines.js';
import { fileLines } from './display-line.js';

/** The study's method: the whole file every time (with the same gutter and markers as focused context). */
export function buildWholeFileContext(task: EditorTask): EditorContext {
  const lines = task.originalSource.replace(/\n$/, '').split('\n');
  return {
    code: `\`\`\`rust\n${annotateLines(fileLines(lines, 1, lines.length), task.diagnostics, task.filePath)}\n\`\`\``,
    diagnostics: describeDiagnostics(task),
  };
}

export function describeDiagnostics(task: Pick<EditorTask, 'diagnostics'>): string {
  const errors = task.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  return errors.length === 0 ? '- (none reported)' : errors.map(describeDiagnostic).join('\n');
}
