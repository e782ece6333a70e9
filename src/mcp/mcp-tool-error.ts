import { VerusRepairError } from '../core/errors.js';

/**
 * A tool call the server refuses: bad arguments, a path outside the repository, content that may not
 * be recorded. The server's one boundary (run-tool-call.ts) turns it into a tool error (`isError`)
 * with this message; the session goes on.
 */
export class McpToolError extends VerusRepairError {
  override readonly name: string = 'McpToolError';
}
