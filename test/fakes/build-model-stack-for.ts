/**
 * Run as a child process by the cassette path tests: builds the model stack once per path given as
 * `record:PATH` or `replay:PATH` and prints one JSON line per path with the error name and message.
 * In a child, a check that spins or reads without end is stopped by the parent's timeout.
 */
import { createModelStack } from '../../src/agents/create-model-stack.js';
import type { ModelConfig } from '../../src/agents/config/model-config.js';

const config: ModelConfig = {
  name: 'fake-model', baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: 'OPENAI_API_KEY', temperature: 0, maxOutputTokens: 16,
  requestTimeoutMs: 1_000, connectTimeoutMs: 1_000, callDeadlineMs: 1_000, maxRetryAfterMs: 1_000, maxRetries: 0,
  samples: 1, sampling: 'n', parallelRequests: 1, maxResponseBytes: 1 << 20, budget: { maxCalls: 1, maxTokens: 1_000, maxCostUsd: null }, prices: {},
};

for (const argument of process.argv.slice(2)) {
  const [mode, path] = [argument.slice(0, argument.indexOf(':')), argument.slice(argument.indexOf(':') + 1)];
  try {
    createModelStack(config, { environment: {}, ...(mode === 'record' ? { recordTo: path } : { replayFrom: path }) });
    process.stdout.write(`${JSON.stringify({ path, mode, error: null })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ path, mode, error: (error as Error).name, message: (error as Error).message })}\n`);
  }
}
