import { assertNever } from '../../core/assert-never.js';
import type { PromptTemplates } from '../prompts/prompt-template-names.js';
import { renderTemplate } from '../prompts/render-template.js';
import { SUBMIT_CANDIDATE_TOOL_NAME } from '../protocol/submit-candidate-tool.js';
import { describeDiagnostic } from './describe-diagnostic.js';
import type { ProtocolMessage } from './protocol-message.js';

/** Renders a protocol message from its template. */
export function renderProtocolMessage(templates: PromptTemplates, message: ProtocolMessage): string {
  switch (message.kind) {
    case 'format-error':
      return renderTemplate(
        templates['format-error'],
        { problem: message.problem.slice(0, 1000), tool_name: SUBMIT_CANDIDATE_TOOL_NAME, request_id: message.requestId },
        'format-error',
      );
    case 'identical-candidate': {
      const matches = message.matches === 'original' ? 'the original code' : `your candidate of iteration ${message.matches.iteration}`;
      return renderTemplate(templates['identical-candidate'], { matches }, 'identical-candidate');
    }
    case 'guard-rejection':
      return renderTemplate(templates['guard-rejection'], { rule: message.rule, details: message.details }, 'guard-rejection');
    case 'precheck-failure': {
      const errors = message.diagnostics.map(describeDiagnostic);
      return renderTemplate(templates['precheck-failure'], { errors: errors.length > 0 ? errors.join('\n') : '- (no compiler output)' }, 'precheck-failure');
    }
    default:
      return assertNever(message, 'protocol message');
  }
}
