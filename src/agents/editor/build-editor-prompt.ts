import type { PromptTemplates } from '../prompts/prompt-template-names.js';
import { renderTemplate } from '../prompts/render-template.js';
import { SUBMIT_CANDIDATE_TOOL_NAME } from '../protocol/submit-candidate-tool.js';
import type { EditorTask } from './editor-task.js';

/** The code the editor sees and the diagnostics mapped onto it, both as prompt text. */
export interface EditorContext {
  /** Focused context (or the whole file when small), with failing clauses marked. */
  code: string;
  /** One line per diagnostic. */
  diagnostics: string;
}

/** Builds the editor's view of the task: focused context by default, whole file for the baseline. */
export type EditorContextBuilder = (task: EditorTask) => EditorContext;

/** The system prompt (agent instruction + Verus idioms + tool instruction) and the first user message. */
export function buildEditorPrompt(templates: PromptTemplates, task: EditorTask, buildContext: EditorContextBuilder): { system: string; task: string } {
  const system = [
    renderTemplate(templates['editor-agent-instruction'], {}, 'editor-agent-instruction'),
    renderTemplate(templates['editor-verus-idioms'], {}, 'editor-verus-idioms'),
    renderTemplate(templates['editor-tool-instruction'], { tool_name: SUBMIT_CANDIDATE_TOOL_NAME }, 'editor-tool-instruction'),
  ].join('\n\n');
  const context = buildContext(task);
  const taskText = renderTemplate(
    templates['editor-task'],
    { request_id: task.requestId, file_path: task.filePath, targets: task.targets.map((name) => `fn ${name}`).join(', '), context: context.code, diagnostics: context.diagnostics },
    'editor-task',
  );
  return { system, task: taskText };
}
