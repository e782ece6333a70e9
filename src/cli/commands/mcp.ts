import type { Command } from 'commander';

/** Exit codes: 0 when the client disconnects, 2 bad input or configuration (before anything is served). */
export function defineMcpCommand(program: Command): void {
  program
    .command('mcp')
    .option('--repo <dir>', 'the repository the tools work in (every path is confined to it)', '.')
    .description('serve the tools (verus_outline, verus_verify, verus_explain, verus_check_spec, verus_guard, verus_record, verus_history, verus_review) to an agent as a Model Context Protocol server over stdio; logs go to stderr (docs/mcp.md)')
    .action(async (options: { repo: string }) => {
      const { serveMcp } = await import('../../mcp/serve-mcp.js');
      await serveMcp({ repo: options.repo, environment: process.env, log: (line) => process.stderr.write(`verus-repair mcp: ${line}\n`) });
    });
}
