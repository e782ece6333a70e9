import { z } from 'zod';
import type { ToolDefinition } from '../../core/language-model.js';

export const SUBMIT_CANDIDATE_TOOL_NAME = 'submit_candidate';

/** Upper bound for any one code string a model may submit (model output is size-limited). */
export const MAX_CODE_CHARACTERS = 400_000;

const functionsCandidate = z
  .object({
    functions: z
      .array(
        z
          .object({
            name: z.string().min(1).max(200).describe('The name of an existing function in the file, e.g. "binary_search".'),
            code: z.string().min(1).max(MAX_CODE_CHARACTERS).describe('The complete new function: attributes, signature, specification and body.'),
          })
          .strict(),
      )
      .min(1)
      .max(32),
  })
  .strict()
  .describe('Replace these whole functions, by name.');

const fileCandidate = z
  .object({ file: z.string().min(1).max(MAX_CODE_CHARACTERS).describe('The complete new content of the Rust file.') })
  .strict()
  .describe('Replace the whole file.');

/** The arguments of `submit_candidate`, validated before anything else looks at them. */
export const submitCandidateArgumentsSchema = z
  .object({
    request_id: z.string().min(1).max(200).describe('The request id stated in the task, copied exactly.'),
    candidate: z.union([functionsCandidate, fileCandidate]),
    rationale: z.string().max(4000).describe('One or two sentences: what you changed and why it makes the proof go through.'),
  })
  .strict();

export type SubmitCandidateArguments = z.output<typeof submitCandidateArgumentsSchema>;

/** The tool offered to the editor; its JSON Schema is derived from the zod schema, never hand-written. */
export function submitCandidateTool(): ToolDefinition {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(submitCandidateArgumentsSchema) as Record<string, unknown>;
  return {
    name: SUBMIT_CANDIDATE_TOOL_NAME,
    description: 'Submit one complete repair candidate for verification by Verus. Call it exactly once per answer.',
    parameters,
  };
}
