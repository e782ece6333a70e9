import type { z } from 'zod';
import type { McpContext } from './mcp-context.js';
import type { McpSession } from './mcp-session.js';
import type { McpToolName } from './mcp-tool-names.js';

/** What a tool's run gets besides its arguments. */
export interface ToolCall {
  context: McpContext;
  session: McpSession;
  /** Aborted by the client's cancellation, the tool's time limit or a disconnect: every child process stops. */
  signal: AbortSignal;
  /** A progress notification, sent when the client gave a progress token (otherwise nothing). */
  progress: (message: string) => void;
}

/**
 * A tool's answer: the structured content (checked against the output schema), a short summary
 * (the server's log line, and the first line of the text content), and optionally the text
 * rendering of the whole answer. Clients differ in what they hand the model: some only the
 * structured content, others only the text content. So the text content carries everything too:
 * `text` when the tool renders it compactly, otherwise the structured content serialized as JSON
 * after the summary, as the MCP specification recommends for backwards compatibility.
 */
export interface ToolReply<Output> {
  structured: Output;
  summary: string;
  text?: string;
}

/**
 * One tool: its name, its input and output as zod shapes (the SDK publishes them as JSON Schema of
 * type object and checks arguments against them before `run`), and what it does. A refusal is a
 * thrown McpToolError (or any VerusRepairError); run-tool-call.ts turns it into a tool error.
 */
export interface McpTool<Input extends z.ZodRawShape, Output extends z.ZodRawShape> {
  name: McpToolName;
  title: string;
  description: string;
  input: Input;
  output: Output;
  readOnly: boolean;
  run(args: z.infer<z.ZodObject<Input>>, call: ToolCall): Promise<ToolReply<z.infer<z.ZodObject<Output>>>>;
}
