import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { isVerusRepairError } from '../core/errors.js';
import type { McpContext } from './mcp-context.js';
import type { McpSession } from './mcp-session.js';
import type { McpTool } from './mcp-tool.js';
import { redactJson } from './redact-secrets.js';

/** Where the server's own log lines go (stderr: stdout carries only the protocol). */
export type McpLog = (line: string) => void;

/** What a call needs beyond its arguments: the server's context, the connection's session, and the signal a disconnect aborts. */
export interface ToolCallScope {
  context: McpContext;
  session: McpSession;
  closed: AbortSignal;
  log: McpLog;
  /** Holds each call until it settles, so a disconnect can wait for its child processes to be stopped. */
  track: (call: Promise<unknown>) => void;
}

/**
 * The one boundary of a tool call. The call's signal combines the client's cancellation, the tool's
 * time limit (`[mcp.time_limits]`) and a disconnect; progress goes out only with a progress token.
 * Any error becomes a tool error (`isError`) with a one-line message: the user's or agent's mistakes
 * (VerusRepairError) as they are, anything else as an internal error, logged to stderr. Every text
 * that leaves, reply or log, has the environment's secrets redacted.
 */
export async function runToolCall<Input extends z.ZodRawShape, Output extends z.ZodRawShape>(
  tool: McpTool<Input, Output>,
  args: z.infer<z.ZodObject<Input>>,
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  scope: ToolCallScope,
): Promise<CallToolResult> {
  const { context, session, log } = scope;
  const limitSeconds = context.mcp.timeLimits[tool.name];
  const limit = AbortSignal.timeout(limitSeconds * 1000);
  const signal = AbortSignal.any([extra.signal, limit, scope.closed]);
  const token = extra._meta?.progressToken;
  let progressCount = 0;
  const progress = (message: string): void => {
    if (token === undefined || signal.aborted) return;
    progressCount += 1;
    extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: progressCount, message: context.redact(message) } }).catch(() => undefined);
  };
  const started = performance.now();
  try {
    const running = tool.run(args, { context, session, signal, progress });
    scope.track(running);
    const reply = await running;
    log(`${tool.name}: ${context.redact(reply.summary)} (${Math.round(performance.now() - started)} ms)`);
    const structuredContent = redactJson(reply.structured as Record<string, unknown>, context.redact);
    const text = reply.text === undefined ? `${reply.summary}\n${JSON.stringify(structuredContent)}` : `${reply.summary}\n${reply.text}`;
    return { content: [{ type: 'text', text: context.redact(text) }], structuredContent };
  } catch (error) {
    const message = describeFailure(error, { limited: limit.aborted, limitSeconds, tool: tool.name, cancelled: extra.signal.aborted || scope.closed.aborted });
    log(`${tool.name}: error: ${context.redact(message)}`);
    if (!isVerusRepairError(error) && !signal.aborted) log(context.redact(error instanceof Error ? (error.stack ?? error.message) : String(error)));
    return { content: [{ type: 'text', text: context.redact(message) }], isError: true };
  }
}

function describeFailure(error: unknown, facts: { limited: boolean; limitSeconds: number; tool: string; cancelled: boolean }): string {
  if (facts.limited) return `${facts.tool} ran past its time limit of ${facts.limitSeconds} s and was stopped (its child processes too); raise [mcp.time_limits] ${facts.tool} in verus-repair.toml`;
  if (facts.cancelled) return `${facts.tool} was cancelled; its child processes were stopped and nothing half-done was recorded`;
  const text = error instanceof Error ? error.message : String(error);
  const firstLine = text.split('\n')[0] ?? text;
  return isVerusRepairError(error) ? firstLine : `internal error in ${facts.tool}: ${firstLine} (this is a bug in verus-repair; please report it)`;
}
