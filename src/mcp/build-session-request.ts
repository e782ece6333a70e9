import { DEFAULT_GUARD_POLICY } from '../core/guard-verdict.js';
import type { RepairRequest } from '../repair/repair-request.js';
import { DEFAULT_REPAIR_BUDGET } from '../repair/setup/repair-budget.js';
import type { McpContext } from './mcp-context.js';
import type { McpSession, SessionTarget } from './mcp-session.js';

/** A client that did not say who it is in `initialize`. */
const UNKNOWN_CLIENT = { name: 'unknown-client', version: 'unknown' };

/**
 * The session as the request a repair run records in its baseline note: what `log`, `audit`,
 * `apply` and `audit --reverify` read. The model is the agent: its client's name, and the origin
 * `agent via MCP: <name> <version>`. No model budget or feedback level applies (`none`).
 */
export function buildSessionRequest(context: McpContext, session: McpSession, target: SessionTarget): RepairRequest {
  const client = session.client ?? UNKNOWN_CLIENT;
  return {
    runId: session.runId,
    repoDir: context.ledger.repoDir,
    crateDir: target.crateDir,
    file: target.file,
    targetFunctions: null,
    feedbackLevel: 'none',
    samples: 1,
    budget: { ...DEFAULT_REPAIR_BUDGET, iterations: 0 },
    policy: DEFAULT_GUARD_POLICY,
    houdiniRounds: 0,
    verification: context.options,
    stabilitySeeds: [],
    modelName: client.name,
    modelOrigin: { kind: 'agent', client: client.name, version: client.version },
    concurrency: 1,
    toolchainPin: context.toolchainPin,
  };
}
