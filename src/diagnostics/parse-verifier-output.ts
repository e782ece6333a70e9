import type { FunctionOutcome } from '../core/verifier-result.js';
import { capDiagnostics } from './classify/cap-diagnostics.js';
import { createDiagnostic } from './classify/create-diagnostic.js';
import { foldAttachedNotes } from './human/fold-attached-notes.js';
import { mergeVerificationResults } from './merge-verification-results.js';
import { readOutputJson } from './output/read-output-json.js';
import { readOutputStream } from './output/read-output-stream.js';
import { selectRootDocuments, type RootPackage } from './output/select-root-documents.js';
import type { VerifierReport } from './verifier-report.js';
import type { VerusOutputJson } from './output/verus-output-json.js';

const PANIC_MESSAGE = /^thread '.*' (?:\(\d+\) )?panicked at /;

/**
 * Parses everything a run printed (stdout and stderr, or one mixed text in either) into a report.
 * JSON diagnostics win when present, since human text may then be a re-rendering of the same
 * diagnostics; only panics, which never come as JSON, are taken from the text as well. Without JSON
 * diagnostics the human-rendered text is parsed. The verdict and the functions come from the root
 * crate's results documents only (`rootPackage`, see selectRootDocuments). Never throws on garbage.
 */
export function parseVerifierOutput(
  output: { stdout: string; stderr: string },
  options: { origin?: 'verus' | 'precheck'; rootPackage?: RootPackage | null } = {},
): VerifierReport {
  const streams = [readOutputStream(output.stdout), readOutputStream(output.stderr)];
  const jsonDrafts = streams.flatMap((stream) => stream.jsonDrafts);
  const humanDrafts = streams.flatMap((stream) => stream.humanDrafts);
  const drafts = jsonDrafts.length > 0 ? [...jsonDrafts, ...humanDrafts.filter((draft) => PANIC_MESSAGE.test(draft.message))] : humanDrafts;
  const diagnostics = capDiagnostics(foldAttachedNotes(drafts.map((draft) => createDiagnostic(draft, options))));

  let outputJson: VerusOutputJson | null = null;
  let verusVersion: string | null = null;
  const functions: FunctionOutcome[] = [];
  const blocks: NonNullable<VerusOutputJson['verificationResults']>[] = [];
  for (const document of selectRootDocuments(streams.flatMap((stream) => stream.documents), options.rootPackage ?? null)) {
    const read = readOutputJson(document);
    outputJson = read.outputJson;
    verusVersion = read.outputJson.verus?.version ?? verusVersion;
    functions.push(...read.functions);
    if (read.outputJson.verificationResults !== null) blocks.push(read.outputJson.verificationResults);
  }
  if (outputJson !== null && blocks.length > 1) outputJson = { ...outputJson, verificationResults: mergeVerificationResults(blocks) };
  const summaries = streams.flatMap((stream) => stream.summaries);
  const results = outputJson?.verificationResults ?? null;
  const summary =
    summaries.length > 0
      ? summaries.reduce((total, next) => ({ verified: total.verified + next.verified, errors: total.errors + next.errors }))
      : results !== null && results.verified !== null && results.errors !== null
        ? { verified: results.verified, errors: results.errors }
        : null;
  return {
    diagnostics,
    summary,
    outputJson,
    functions,
    verusVersion,
    unparsedLineCount: streams.reduce((total, stream) => total + stream.unparsedLineCount, 0),
  };
}
