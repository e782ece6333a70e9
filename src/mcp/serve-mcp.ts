import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createRunId } from '../repair/setup/create-run-id.js';
import { createMcpContext } from './mcp-context.js';
import { createMcpServer } from './create-mcp-server.js';
import { McpSession } from './mcp-session.js';
import type { McpLog } from './run-tool-call.js';

export interface ServeMcpOptions {
  /** The repository (or a directory inside it); every path is confined to its root. */
  repo: string;
  environment: NodeJS.ProcessEnv;
  log: McpLog;
}

/**
 * Serves one MCP connection over stdin/stdout until the client disconnects (stdin ends) or the
 * process is told to stop (SIGTERM, SIGINT, SIGHUP). Then every running call is aborted, which stops
 * its cargo and verifier processes, the server waits for the calls to settle (a record in progress
 * finishes its ref transaction or leaves nothing), and the session's run lock is released.
 */
export async function serveMcp(options: ServeMcpOptions): Promise<void> {
  const context = await createMcpContext(options.repo, options.environment);
  for (const warning of context.warnings) options.log(`warning: ${context.redact(warning)}`);
  const session = new McpSession(`agent-${createRunId()}`);
  const closing = new AbortController();
  const running = new Set<Promise<unknown>>();
  const track = (call: Promise<unknown>): void => {
    running.add(call);
    call.then(() => running.delete(call), () => running.delete(call));
  };
  const server = createMcpServer({ context, session, closed: closing.signal, log: options.log, track });
  const transport = new StdioServerTransport();
  const ended = new Promise<string>((resolve) => {
    process.stdin.once('end', () => resolve('the client disconnected'));
    process.stdin.once('close', () => resolve('the client disconnected'));
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => resolve(`${signal} received`));
  });
  await server.connect(transport);
  options.log(`serving ${context.repoRoot} over stdio (session ${session.runId})`);
  const reason = await ended;
  closing.abort(new Error(reason));
  await Promise.allSettled([...running]);
  await session.lock?.release().catch(() => undefined);
  await server.close().catch(() => undefined);
  options.log(`${reason}; session ${session.runId} closed${session.run === null ? ' (nothing recorded)' : ` (ledger branch ${session.run.branch})`}`);
}
