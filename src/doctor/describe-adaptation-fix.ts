import { assertNever } from '../core/assert-never.js';
import type { ModelAdaptation } from '../agents/index.js';

/** The `[model]` edit after which a run needs no adaptation for this parameter (it adapts anyway; this saves the refused call). */
export function describeAdaptationFix(adaptation: ModelAdaptation): string {
  switch (adaptation.parameter) {
    case 'temperature':
      return 'set temperature = "default" in [model]';
    case 'reasoning_effort':
      return 'remove reasoning_effort from [model], or choose a value the model lists';
    case 'max_tokens':
    case 'max_completion_tokens':
      return 'nothing to set: the field is adapted on the first call of each run';
    case 'n':
      return 'set sampling = "parallel" in [model]';
    case 'tool_choice':
      return 'set tool_choice = "required" (or "auto") in [model]';
    default:
      return assertNever(adaptation.parameter, 'adapted parameter');
  }
}
