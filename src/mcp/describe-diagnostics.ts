import path from 'node:path';
import { z } from 'zod';
import type { Diagnostic } from '../core/diagnostic.js';
import type { DiagnosticKind } from '../core/diagnostic-kind.js';
import type { TacticCatalog } from '../agents/index.js';
import { decodeSourceBytes } from '../ir/index.js';
import type { CrateFiles } from '../repair/setup/crate-snapshot.js';

export const diagnosticSchema = z.object({
  kind: z.string(),
  severity: z.string(),
  message: z.string(),
  function: z.string().nullable(),
  file: z.string().nullable().describe('repository-relative'),
  line: z.number().int().nullable(),
  excerpt: z.string().nullable(),
  tacticCards: z.array(z.string()).describe('ids for verus_explain {kind}'),
});

export type DescribedDiagnostic = z.infer<typeof diagnosticSchema>;

/** Excerpts are a line or two of the checked file: enough to place the error, never the file. */
const EXCERPT_CHARACTERS = 400;

/** Each diagnostic as an agent reads it: kind, function, repository-relative file and line, an excerpt of the checked source, and the tactic cards for its kind. */
export function describeDiagnostics(diagnostics: readonly Diagnostic[], catalog: TacticCatalog, crateDir: string, files: CrateFiles): DescribedDiagnostic[] {
  return diagnostics.map((diagnostic) => {
    const primary = diagnostic.primary;
    const file = primary === null ? null : path.isAbsolute(primary.file) ? null : path.posix.join(crateDir, primary.file.split('\\').join('/'));
    return {
      kind: diagnostic.kind,
      severity: diagnostic.severity,
      message: diagnostic.message,
      function: diagnostic.function ?? diagnostic.location?.function ?? null,
      file,
      line: primary?.line ?? null,
      excerpt: primary === null ? null : (primary.sourceText ?? readLines(files, primary.file, primary.line, primary.lineEnd)),
      tacticCards: listTacticCards(diagnostic.kind, catalog),
    };
  });
}

/** The card that explains a kind: its own, or the one it shares; none for kinds without a card. */
export function listTacticCards(kind: DiagnosticKind, catalog: TacticCatalog): string[] {
  if (catalog.cards.has(kind)) return [kind];
  const shared = catalog.shared.get(kind);
  return shared === undefined ? [] : [shared.card];
}

function readLines(files: CrateFiles, file: string, first: number, last: number): string | null {
  const bytes = files.get(file.split('\\').join('/'));
  if (bytes === undefined) return null;
  const lines = decodeSourceBytes(bytes, file).split('\n').slice(first - 1, Math.max(first, Math.min(last, first + 2)));
  return lines.join('\n').slice(0, EXCERPT_CHARACTERS);
}
