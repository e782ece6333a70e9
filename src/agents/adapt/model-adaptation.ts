/** A request parameter the client changes for the run when an endpoint refuses it. */
export type AdaptedParameter = 'temperature' | 'max_tokens' | 'max_completion_tokens' | 'reasoning_effort' | 'tool_choice' | 'n';

/**
 * One change made to fit the endpoint, kept for the rest of the run and announced once:
 * `change` says what is sent now, `reason` what the endpoint said (scrubbed, untrusted text).
 */
export interface ModelAdaptation {
  parameter: AdaptedParameter;
  change: string;
  reason: string;
}

/** The NDJSON event (and run-header line) of one adaptation. */
export type ModelAdaptedEvent = { type: 'model-adapted' } & ModelAdaptation;
