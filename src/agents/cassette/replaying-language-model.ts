import type { ChatRequest, ChatResponse, LanguageModel } from '../../core/language-model.js';
import { ModelRequestError } from '../model/model-request-error.js';
import { canonicalJson } from './canonical-json.js';
import type { CassetteEntry } from './cassette-entry.js';
import { CassetteMissError } from './cassette-miss-error.js';
import { firstDifference } from './first-difference.js';
import type { LoadedCassette } from './read-cassette.js';
import { digestRequest, type RecordedChatRequest } from './request-digest.js';

/**
 * Serves recorded answers by request digest, with no network: `--replay CASSETTE`. Identical requests
 * get their recorded answers in recorded order; recorded failures are thrown again. Any request the
 * cassette cannot answer fails loudly with a CassetteMissError.
 */
export class ReplayingLanguageModel implements LanguageModel {
  private readonly queues = new Map<string, CassetteEntry[]>();

  constructor(
    readonly modelName: string,
    private readonly cassette: LoadedCassette,
  ) {
    // Entries are appended as calls finish; sequence numbers give the order in which calls started.
    const inStartOrder = [...cassette.entries].sort((left, right) => left.entry.sequence - right.entry.sequence);
    for (const { entry } of inStartOrder) {
      const queue = this.queues.get(entry.digest) ?? [];
      queue.push(entry);
      this.queues.set(entry.digest, queue);
    }
  }

  /** How many recorded exchanges were not replayed (a complete re-execution leaves none). */
  unusedEntries(): number {
    return [...this.queues.values()].reduce((sum, queue) => sum + queue.length, 0);
  }

  complete(request: ChatRequest, _signal?: AbortSignal): Promise<ChatResponse> {
    const recorded: RecordedChatRequest = { model: this.modelName, ...request };
    const digest = digestRequest(recorded);
    const entry = this.queues.get(digest)?.shift();
    if (entry === undefined) return Promise.reject(this.miss(recorded, digest));
    if (entry.outcome.kind === 'error') return Promise.reject(new ModelRequestError(entry.outcome.failure));
    return Promise.resolve(structuredClone(entry.outcome.response));
  }

  private miss(request: RecordedChatRequest, digest: string): CassetteMissError {
    const wasRecorded = this.cassette.entries.some(({ entry }) => entry.digest === digest);
    const text = canonicalJson(request);
    let best: { line: number; entry: CassetteEntry; shared: number } | null = null;
    for (const { line, entry } of this.cassette.entries) {
      const shared = commonPrefixLength(text, canonicalJson(entry.request));
      if (best === null || shared > best.shared) best = { line, entry, shared };
    }
    const nearest = best === null ? null : { digest: best.entry.digest, line: best.line, firstDifference: firstDifference(best.entry.request, request) };
    return new CassetteMissError(this.cassette.path, digest, nearest, wasRecorded ? ' (it was recorded, but asked for more often than recorded)' : '');
  }
}

function commonPrefixLength(left: string, right: string): number {
  const limit = Math.min(left.length, right.length);
  let index = 0;
  while (index < limit && left.charCodeAt(index) === right.charCodeAt(index)) index += 1;
  return index;
}
