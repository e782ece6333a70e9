import { checkSpecTool } from './check-spec-tool.js';
import { explainTool } from './explain-tool.js';
import { guardTool } from './guard-tool.js';
import { historyTool } from './history-tool.js';
import { outlineTool } from './outline-tool.js';
import { recordTool } from './record-tool.js';
import { reviewTool } from './review-tool.js';
import { verifyTool } from './verify-tool.js';

/** Every tool, in the order `tools/list` gives them. */
export const MCP_TOOLS = [outlineTool, verifyTool, explainTool, checkSpecTool, guardTool, recordTool, historyTool, reviewTool] as const;
