import { parseIntegerOption } from './parse-number-option.js';

/** The harness plans every input of a function before it runs them; past this its list alone would weigh on the memory cap. */
export const MAXIMUM_SPEC_CHECK_INPUTS = 100_000;
/** Ten minutes: beyond it a call is not worth waiting for (and Node's timers overflow at 2^31 ms). */
export const MAXIMUM_CALL_TIMEOUT_MS = 600_000;

/** `--inputs`, `--seed` and `--call-timeout` of check-spec and spec-coverage, each within its bounds (else exit 2 naming them). */
export function parseSpecCheckOptions(options: { inputs: string; seed: string; callTimeout: string }): { inputs: number; seed: number; callTimeoutMs: number } {
  return {
    inputs: parseIntegerOption(options.inputs, '--inputs', '--inputs 5000', 1, MAXIMUM_SPEC_CHECK_INPUTS),
    seed: parseIntegerOption(options.seed, '--seed', '--seed 7', 0),
    callTimeoutMs: parseIntegerOption(options.callTimeout, '--call-timeout', '--call-timeout 5000', 1, MAXIMUM_CALL_TIMEOUT_MS),
  };
}
