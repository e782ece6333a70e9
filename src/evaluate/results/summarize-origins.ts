import path from 'node:path';
import { assertNever } from '../../core/assert-never.js';
import { describeModelOrigin, type ModelOrigin } from '../../core/model-origin.js';
import { describeVerdictOrigin, innermostVerdictOrigin, type VerdictOrigin } from '../../core/verdict-origin.js';
import type { AttemptRecord } from '../attempts/attempt-record.js';

/**
 * What a set of attempts' figures rest on: who produced the verdicts, where the model answers came
 * from, and the caveats a reader must see next to the figures (a fake or recorded verifier, a
 * replayed model). Lines of attempts.jsonl written before origins were recorded say so.
 */
export interface OriginSummary {
  verifier: string[];
  model: string[];
  caveats: string[];
}

const NOT_RECORDED = 'not recorded';

export function summarizeOrigins(records: readonly AttemptRecord[]): OriginSummary {
  const verifier = new Set<string>();
  const caveats = new Set<string>();
  const cassettes = new Map<string, { prefix: string; folder: string; count: number }>();
  const model = new Set<string>();
  for (const record of records) {
    const origins: readonly VerdictOrigin[] | undefined = (record as Partial<AttemptRecord>).verifierOrigins;
    const modelOrigin: ModelOrigin | undefined = (record as Partial<AttemptRecord>).modelOrigin;
    if (origins === undefined || modelOrigin === undefined) caveats.add(`origins ${NOT_RECORDED}`);
    for (const origin of origins ?? []) {
      verifier.add(describeVerdictOrigin(origin));
      const caveat = verdictOriginCaveat(origin);
      if (caveat !== null) caveats.add(caveat);
    }
    if (modelOrigin === undefined) continue;
    if (modelOrigin.kind === 'cassette') caveats.add('replayed model');
    // One cassette per attempt: name the folder and the count, not every file.
    const group = cassetteGroup(modelOrigin);
    if (group === null) model.add(describeModelOrigin(modelOrigin));
    else {
      const key = `${group.prefix}\0${group.folder}`;
      cassettes.set(key, { ...group, count: (cassettes.get(key)?.count ?? 0) + 1 });
    }
  }
  for (const { prefix, folder, count } of cassettes.values()) model.add(`${prefix} ${count} cassette(s) in ${folder}`);
  return { verifier: [...verifier].sort(), model: [...model].sort(), caveats: [...caveats].sort() };
}

/** How an origin naming a per-attempt cassette is grouped: `replayed from` or `endpoint URL, recorded to`, and the cassette's folder. */
function cassetteGroup(origin: ModelOrigin): { prefix: string; folder: string } | null {
  if (origin.kind === 'cassette') return { prefix: 'replayed from', folder: path.dirname(origin.file) };
  if (origin.kind === 'endpoint' && origin.recordingTo !== null) return { prefix: `endpoint ${origin.url}, recorded to`, folder: path.dirname(origin.recordingTo) };
  return null;
}

/** The caveat a verdict's origin calls for (judged by the run beneath any cache), or null when it names a binary that reported a Verus version. */
export function verdictOriginCaveat(verdictOrigin: VerdictOrigin): string | null {
  const origin = innermostVerdictOrigin(verdictOrigin);
  switch (origin.kind) {
    case 'local':
    case 'docker':
      if (origin.verusVersion === null) return 'verifier reported no Verus version';
      // The test fakes report the version `fake` (test/fakes/fake-tool.cjs): their verdicts are scripted.
      return origin.verusVersion === 'fake' ? 'fake verifier' : null;
    case 'recorded':
      return origin.synthetic ? 'synthetic recorded verifier outputs' : 'recorded verifier outputs';
    case 'queue':
      return 'queue worker did not report its run';
    case 'cache':
      return null;
    default:
      return assertNever(origin, 'verdict origin');
  }
}
