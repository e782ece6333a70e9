import type { ModelOrigin } from '../../core/model-origin.js';

/**
 * Where a run's model answers come from: the cassette it replays, or the endpoint it calls (and the
 * cassette it records to). The URL loses any user, password, query and fragment: a key put there
 * must not reach a report, a trailer or a log.
 */
export function resolveModelOrigin(baseUrl: string, cassettes: { replay: string | null; record: string | null }): ModelOrigin {
  if (cassettes.replay !== null) return { kind: 'cassette', file: cassettes.replay };
  return { kind: 'endpoint', url: stripCredentials(baseUrl), recordingTo: cassettes.record };
}

function stripCredentials(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(an unparsable base URL)';
  }
}
