import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
import type { McpTool } from './mcp-tool.js';
import { MCP_TOOLS } from './mcp-tools.js';
import { runToolCall, type ToolCallScope } from './run-tool-call.js';

/** The server's name and version in `initialize`. */
export const MCP_SERVER_INFO = { name: 'verus-repair', version: '0.1.0' };

const INSTRUCTIONS = 'verus-repair: Verus verification with an integrity guard and a proof ledger. Typical session: verus_outline a file, verus_verify (diagnostics carry tactic card ids: verus_explain them), edit the file yourself, verus_verify again, verus_record when it verifies. Edits are guarded against the files as this session first saw them: assume, admit, external_body, weakened specs and changed exec code are rejected.';

/**
 * One MCP server for one connection: the tools registered with their schemas, each call going
 * through runToolCall's boundary. The client's name and version (from `initialize`) become the
 * session's model origin.
 */
export function createMcpServer(scope: ToolCallScope): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.server.oninitialized = () => {
    const client = server.server.getClientVersion();
    if (client !== undefined) scope.session.client = { name: scope.context.redact(client.name), version: scope.context.redact(client.version) };
    scope.log(`session ${scope.session.runId} opened by ${scope.session.client?.name ?? 'an unnamed client'} ${scope.session.client?.version ?? ''}`.trimEnd());
  };
  for (const tool of MCP_TOOLS) registerTool(server, tool as McpTool<z.ZodRawShape, z.ZodRawShape>, scope);
  return server;
}

function registerTool<Input extends z.ZodRawShape, Output extends z.ZodRawShape>(server: McpServer, tool: McpTool<Input, Output>, scope: ToolCallScope): void {
  server.registerTool(
    tool.name,
    { title: tool.title, description: tool.description, inputSchema: tool.input, outputSchema: tool.output, annotations: { readOnlyHint: tool.readOnly, openWorldHint: false } },
    // The SDK has checked the arguments against the input schema before this runs.
    ((args: z.infer<z.ZodObject<Input>>, extra: Parameters<typeof runToolCall>[2]) => runToolCall(tool, args, extra, scope)) as never,
  );
}
