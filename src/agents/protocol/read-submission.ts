import type { ChatChoice } from '../../core/language-model.js';
import type { CandidateEdit, CandidateSubmission, SubmissionReading } from './candidate-submission.js';
import { extractFencedRust } from './extract-fenced-rust.js';
import { extractJsonObjects } from './extract-json-objects.js';
import { MAX_CODE_CHARACTERS, SUBMIT_CANDIDATE_TOOL_NAME, submitCandidateArgumentsSchema, type SubmitCandidateArguments } from './submit-candidate-tool.js';

/**
 * Reads one sampled answer into a validated submission. The protocol is the `submit_candidate` tool
 * call; when that is missing or malformed, two fallbacks are tried on the text: a JSON object matching
 * the schema, then exactly one fenced rust block. Anything else is a format error with a precise problem,
 * never silently accepted text.
 */
export function readSubmission(choice: ChatChoice, requestId: string): SubmissionReading {
  const problems: string[] = [];
  const call = choice.toolCalls.find((candidate) => candidate.name === SUBMIT_CANDIDATE_TOOL_NAME) ?? null;
  const otherTool = choice.toolCalls.find((candidate) => candidate.name !== SUBMIT_CANDIDATE_TOOL_NAME);
  if (otherTool !== undefined && call === null) problems.push(`there is no tool named "${otherTool.name.slice(0, 80)}"; call ${SUBMIT_CANDIDATE_TOOL_NAME}`);
  if (call !== null) {
    const fromCall = validateArguments(parseJson(call.arguments), requestId);
    if (fromCall.status === 'valid') return submitted(fromCall.value, 'tool-call', call.id);
    problems.push(`the ${SUBMIT_CANDIDATE_TOOL_NAME} arguments are invalid: ${fromCall.problem}`);
  }
  const text = choice.text ?? '';
  if (text.length > 4 * MAX_CODE_CHARACTERS) return formatError(`the answer is too long (${text.length} characters)`, call?.id ?? null);
  for (const object of extractJsonObjects(text)) {
    const fromText = validateArguments(object, requestId);
    if (fromText.status === 'valid') return submitted(fromText.value, 'json-text', null);
  }
  const code = extractFencedRust(text);
  if (code !== null && code.trim() !== '' && code.length <= MAX_CODE_CHARACTERS) {
    const edit: CandidateEdit = /\bverus!\s*\{/.test(code) ? { kind: 'file', file: code } : { kind: 'snippet', code };
    return { status: 'submitted', submission: { requestId: null, edit, rationale: '', channel: 'fenced-block', toolCallId: null } };
  }
  if (call === null) problems.push(`no ${SUBMIT_CANDIDATE_TOOL_NAME} tool call was made`);
  if (choice.finishReason === 'length') problems.push('the answer was cut off at the output token limit; submit only the functions you change');
  if (text.trim() !== '') problems.push('the text contains neither a JSON object matching the schema nor exactly one ```rust block');
  return formatError(problems.join('; '), call?.id ?? null);
}

type Validation = { status: 'valid'; value: SubmitCandidateArguments } | { status: 'invalid'; problem: string };

function validateArguments(value: unknown, requestId: string): Validation {
  if (value === undefined) return { status: 'invalid', problem: 'they are not valid JSON' };
  const parsed = submitCandidateArgumentsSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? 'arguments' : issue.path.join('.');
    return { status: 'invalid', problem: `${where}: ${issue?.message ?? 'does not match the schema'}` };
  }
  if (parsed.data.request_id !== requestId) {
    return { status: 'invalid', problem: `request_id is "${parsed.data.request_id.slice(0, 80)}" but this request is "${requestId}"` };
  }
  return { status: 'valid', value: parsed.data };
}

function submitted(value: SubmitCandidateArguments, channel: CandidateSubmission['channel'], toolCallId: string | null): SubmissionReading {
  const edit: CandidateEdit = 'file' in value.candidate ? { kind: 'file', file: value.candidate.file } : { kind: 'functions', functions: value.candidate.functions };
  return { status: 'submitted', submission: { requestId: value.request_id, edit, rationale: value.rationale, channel, toolCallId } };
}

function formatError(problem: string, toolCallId: string | null): SubmissionReading {
  return { status: 'format-error', problem, toolCallId };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
