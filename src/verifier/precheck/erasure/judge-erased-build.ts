import type { PrecheckResult } from '../../../core/verifier-precheck.js';
import { classifyErasedBuild } from './classify-erased-build.js';
import { indexCrateItems } from './index-crate-items.js';
import { locateVstdSource } from './locate-vstd-source.js';
import { parseCrateSources } from './parse-crate-sources.js';
import { vstdGhostIndexFor } from './vstd-ghost-index.js';

/**
 * A failed erased `cargo build` judged by its errors' causes (classifyErasedBuild) over the files
 * that were built (`files`, fixes made): `not-applicable` when erasure explains every error (Verus
 * runs), else still `build-failed`, with hints when a crate is missing. Other results pass through;
 * so does a test target that does not compile (test code is exec code).
 */
export async function judgeErasedBuild(result: PrecheckResult, files: ReadonlyMap<string, Uint8Array>, environment: NodeJS.ProcessEnv): Promise<PrecheckResult> {
  if (result.status !== 'build-failed' || result.step !== 'build') return result;
  const crate = indexCrateItems(await parseCrateSources(files));
  const vstdDir = locateVstdSource(files, environment);
  const classified = await classifyErasedBuild(result.diagnostics, { crate, vstd: vstdDir === null ? null : vstdGhostIndexFor(vstdDir) });
  if (classified.unexplained.length === 0 && classified.causes.length > 0) {
    const { status: _status, hints: _hints, ...facts } = result;
    return { ...facts, status: 'not-applicable', step: 'build', causes: classified.causes };
  }
  // The errors Verus sees too come first: they are what stops the candidate, and what its first error names.
  const explained = result.diagnostics.filter((diagnostic) => !classified.unexplained.includes(diagnostic));
  const ordered = { ...result, diagnostics: [...classified.unexplained, ...explained] };
  return classified.hints.length === 0 ? ordered : { ...ordered, hints: classified.hints };
}
