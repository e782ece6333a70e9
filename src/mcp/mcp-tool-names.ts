/** The tools the server offers, by the names agents call them with. */
export const MCP_TOOL_NAMES = ['verus_outline', 'verus_verify', 'verus_explain', 'verus_check_spec', 'verus_guard', 'verus_record', 'verus_history', 'verus_review'] as const;

export type McpToolName = (typeof MCP_TOOL_NAMES)[number];
