import { z } from 'zod';

export const CASSETTE_FORMAT = 'verus-repair-cassette/1';

const toolCall = z.object({ id: z.string(), name: z.string(), arguments: z.string() }).strict();
const message = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string() }).strict(),
  z.object({ role: z.literal('user'), content: z.string() }).strict(),
  z.object({ role: z.literal('assistant'), content: z.string().nullable(), toolCalls: z.array(toolCall) }).strict(),
  z.object({ role: z.literal('tool'), toolCallId: z.string(), content: z.string() }).strict(),
]);

const request = z
  .object({
    model: z.string(),
    messages: z.array(message),
    tools: z.array(z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) }).strict()),
    toolChoice: z.union([z.enum(['auto', 'none', 'required']), z.object({ name: z.string() }).strict()]).nullable(),
    n: z.number().int().positive(),
    // null: no temperature was sent (adapted or reasoning models). Cassettes before issue 20 hold numbers only.
    temperature: z.number().nullable(),
    maxOutputTokens: z.number().int().positive(),
    reasoningEffort: z.string().optional(),
    maxTokensField: z.enum(['max_completion_tokens', 'max_tokens']).optional(),
  })
  .strict();

const response = z
  .object({
    model: z.string(),
    choices: z.array(z.object({ index: z.number().int(), text: z.string().nullable(), toolCalls: z.array(toolCall), finishReason: z.string().nullable() }).strict()),
    usage: z.object({ promptTokens: z.number().int().nonnegative(), completionTokens: z.number().int().nonnegative(), estimated: z.boolean(), cachedPromptTokens: z.number().int().nonnegative().optional() }).strict(),
    latencyMs: z.number().nonnegative(),
  })
  .strict();

const failure = z
  .object({
    kind: z.enum(['http-status', 'timeout', 'network', 'response-too-large', 'aborted', 'malformed-response', 'no-choices']),
    status: z.number().int().nullable(),
    isRetryable: z.boolean(),
    retryAfterMs: z.number().nullable(),
    message: z.string(),
    endpointError: z.object({ type: z.string().nullable(), code: z.string().nullable(), param: z.string().nullable() }).strict().optional(),
  })
  .strict();

/**
 * One line of a cassette: one model exchange, the request with its digest and either the response or
 * the adapter failure it ended in. Documented in docs/cassettes.md. Holds no credentials by design.
 */
export const cassetteEntrySchema = z
  .object({
    format: z.literal(CASSETTE_FORMAT),
    sequence: z.number().int().nonnegative(),
    digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    request,
    outcome: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('response'), response }).strict(),
      z.object({ kind: z.literal('error'), failure }).strict(),
    ]),
  })
  .strict();

export type CassetteEntry = z.output<typeof cassetteEntrySchema>;
