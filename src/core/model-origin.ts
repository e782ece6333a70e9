import { assertNever } from './assert-never.js';

/**
 * Where a run's model answers came from: a live endpoint (its base URL, never a key), a recorded
 * cassette replayed, an agent driving verus-repair's tools over MCP (the client's name and version
 * from its `initialize`), or no model at all (a verify-only or review run).
 */
export type ModelOrigin =
  | { kind: 'endpoint'; url: string; recordingTo: string | null }
  | { kind: 'cassette'; file: string }
  | { kind: 'agent'; client: string; version: string }
  | { kind: 'none' };

/** One line naming a model origin, for run headers, reports, summaries, trailers and `log`. */
export function describeModelOrigin(origin: ModelOrigin): string {
  switch (origin.kind) {
    case 'endpoint':
      return `endpoint ${origin.url}${origin.recordingTo === null ? '' : `, recorded to ${origin.recordingTo}`}`;
    case 'cassette':
      return `replayed from ${origin.file}`;
    case 'agent':
      return `agent via MCP: ${origin.client} ${origin.version}`;
    case 'none':
      return 'no model';
    default:
      return assertNever(origin, 'model origin');
  }
}
