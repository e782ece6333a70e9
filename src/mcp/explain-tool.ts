import { z } from 'zod';
import { DIAGNOSTIC_KINDS, type DiagnosticKind } from '../core/diagnostic-kind.js';
import { classifyDiagnostic } from '../diagnostics/classify/classify-diagnostic.js';
import type { McpTool } from './mcp-tool.js';
import { McpToolError } from './mcp-tool-error.js';

const input = {
  kind: z.enum(DIAGNOSTIC_KINDS).optional().describe('a diagnostic kind, as verus_verify reports it (e.g. invariant-end-of-loop-body)'),
  diagnostic: z.string().min(1).max(4000).optional().describe('or a Verus error message, classified first'),
};

const output = {
  kind: z.string(),
  card: z.object({ id: z.string(), title: z.string(), text: z.string() }).nullable(),
  sharedFrom: z.string().nullable().describe('the kind whose card this kind borrows, with the reason'),
  reason: z.string().nullable().describe('why the kind has no card'),
};

/** `verus_explain`: the tactic card for a kind of error, the text the guided feedback level gives the editor. */
export const explainTool: McpTool<typeof input, typeof output> = {
  name: 'verus_explain',
  title: 'Explain a kind of Verus error',
  description: "The tactic card for a kind of error (what it means in Verus terms, its usual causes, the standard moves, examples): give {kind} or {diagnostic} (a message).",
  input,
  output,
  readOnly: true,
  async run(args, call) {
    if ((args.kind === undefined) === (args.diagnostic === undefined)) throw new McpToolError('give exactly one of "kind" (e.g. {"kind": "postcondition"}) or "diagnostic" (a Verus error message)');
    const kind: DiagnosticKind = args.kind ?? classifyDiagnostic({ message: args.diagnostic ?? '', code: null }).kind;
    const { catalog } = call.context;
    const shared = catalog.shared.get(kind);
    const card = catalog.cards.get(kind) ?? (shared === undefined ? undefined : catalog.cards.get(shared.card));
    const structured = {
      kind,
      card: card === undefined ? null : { id: card.kind, title: card.title, text: card.text },
      sharedFrom: shared === undefined ? null : `${shared.card}: ${shared.reason}`,
      reason: card === undefined ? (catalog.withoutCard.get(kind) ?? 'no tactic card covers this kind') : null,
    };
    return { structured, summary: card === undefined ? `${kind}: no tactic card (${structured.reason})` : `${kind}: ${card.title}` };
  },
};
