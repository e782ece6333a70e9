import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { InputError } from '../core/errors.js';
import { parseVerusBytes } from '../ir/index.js';
import { confineRepoPath } from './confine-repo-path.js';
import type { McpTool } from './mcp-tool.js';
import { McpToolError } from './mcp-tool-error.js';
import { openSessionCrate } from './open-session-crate.js';
import { outlineFile, renderOutline } from './outline-file.js';

const lines = z.string().describe('first-last, 1-based');
const clauses = z.array(z.string()).optional();

const input = { file: z.string().min(1).describe('a .rs file, relative to the repository root') };

const output = {
  file: z.string(),
  lines: z.number().int(),
  items: z.array(z.object({ kind: z.string(), name: z.string(), lines })),
  functions: z.array(z.object({
    name: z.string(), mode: z.string(), lines, requires: clauses, ensures: clauses, decreases: clauses,
    loops: z.array(z.object({ kind: z.string(), lines, invariants: clauses, decreases: clauses })).optional(),
  })),
};

/** `verus_outline`: the file's IR, so that an agent navigates without reading (and paying for) the whole file. */
export const outlineTool: McpTool<typeof input, typeof output> = {
  name: 'verus_outline',
  title: 'Outline a Verus file',
  description: "The file's items and its verified functions (inside verus!) with their mode, line span, requires, ensures, loop invariants and decreases (empty lists left out); functions outside verus! are items of kind rust-fn.",
  input,
  output,
  readOnly: true,
  async run(args, call) {
    const confined = await confineRepoPath(call.context.repoRoot, args.file, 'file');
    if (!confined.relative.endsWith('.rs')) throw new McpToolError(`file ${JSON.stringify(args.file)}: expected a .rs file`);
    // The first sight of a crate is the session's baseline: an edit made after this outline is a candidate.
    await openSessionCrate(call.context, call.session, { file: confined.relative }).catch(() => null);
    let ir;
    try {
      ir = await parseVerusBytes(new Uint8Array(await readFile(confined.absolute)), { file: confined.relative, requireVerus: false });
    } catch (error) {
      if (error instanceof InputError) throw new McpToolError(error.message);
      throw error;
    }
    const structured = outlineFile(ir, confined.relative);
    return { structured, summary: `${structured.functions.length} function(s), ${structured.items.length} other item(s)`, text: renderOutline(structured) };
  },
};
