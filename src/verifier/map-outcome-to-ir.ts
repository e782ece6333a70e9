import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { parseVerusBytes, type VerusFileIr } from '../ir/index.js';
import type { CandidateVerification } from './candidate-verification.js';
import { mapDiagnosticsToIr } from './map-diagnostics-to-ir.js';

/**
 * Names the failing function, loop and clause of every diagnostic in a verification outcome, by
 * parsing the files its spans point to (relative to `root`). Files that cannot be read or parsed
 * leave their diagnostics unmapped; mapping never fails a verification.
 */
export async function mapOutcomeToIr(outcome: CandidateVerification, root: string): Promise<CandidateVerification> {
  const verification = outcome.verification;
  const precheck = outcome.precheck;
  const diagnostics = [
    ...(verification !== null && 'diagnostics' in verification ? verification.diagnostics : []),
    ...(precheck.status === 'build-failed' || precheck.status === 'not-applicable' ? precheck.diagnostics : []),
  ];
  if (diagnostics.length === 0) return outcome;
  const files = await parseReferencedFiles(diagnostics, root);
  return applyMapping(outcome, files);
}

/** Maps diagnostics onto the IR of the files under `root` their spans name. */
export async function mapDiagnosticsUnder(diagnostics: readonly Diagnostic[], root: string): Promise<Diagnostic[]> {
  return mapDiagnosticsToIr(diagnostics, await parseReferencedFiles(diagnostics, root));
}

function applyMapping(outcome: CandidateVerification, files: ReadonlyMap<string, VerusFileIr>): CandidateVerification {
  const { verification, precheck } = outcome;
  return {
    ...outcome,
    verification: verification !== null && 'diagnostics' in verification ? { ...verification, diagnostics: mapDiagnosticsToIr(verification.diagnostics, files) } : verification,
    precheck: precheck.status === 'build-failed' || precheck.status === 'not-applicable' ? { ...precheck, diagnostics: mapDiagnosticsToIr(precheck.diagnostics, files) } : precheck,
  };
}

async function parseReferencedFiles(diagnostics: readonly Diagnostic[], root: string): Promise<Map<string, VerusFileIr>> {
  const names = new Set(diagnostics.flatMap((diagnostic) => [diagnostic.primary, ...diagnostic.secondary]).flatMap((span) => (span === null ? [] : [span.file])));
  const files = new Map<string, VerusFileIr>();
  for (const name of names) {
    const absolute = path.resolve(root, name);
    if (!absolute.startsWith(path.resolve(root) + path.sep)) continue;
    try {
      files.set(name, await parseVerusBytes(await readFile(absolute), { file: name, requireVerus: false }));
    } catch {
      // Unreadable or unparsable: its diagnostics stay unmapped.
    }
  }
  return files;
}
