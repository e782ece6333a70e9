import { afterAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpWorld, type McpWorld } from './mcp-world.js';

type Reply = CallToolResult & { structuredContent?: Record<string, any> };

// Real cargo: the harness builds in the shared rust-fixtures target directory, where vstd is built.
describe('verus-repair mcp: verus_check_spec on a fixture crate', () => {
  let world: McpWorld | null = null;
  afterAll(() => world?.close());

  it('verus_check_spec runs binary_search on generated inputs: no counterexample, its clauses executable', async () => {
    world = await createMcpWorld({ precheck: true });
    const { client } = await world.connect();
    try {
      const progress: string[] = [];
      const reply = (await client.callTool({ name: 'verus_check_spec', arguments: { crate: 'binary-search', functions: ['binary_search'], inputs: 200 } }, undefined, {
        timeout: 240_000, onprogress: (event) => progress.push(event.message ?? ''),
      })) as Reply;
      expect(reply.isError, JSON.stringify(reply.content)).toBeFalsy();
      expect(reply.structuredContent).toMatchObject({ outcome: 'none-found', counterexamples: [] });
      expect(reply.structuredContent?.['inputsChecked']).toBeGreaterThan(0);
      expect(reply.structuredContent?.['functions']).toEqual([{ function: 'binary_search', status: 'checked', reason: null }]);
      expect(progress[0]).toMatch(/building the spec-check harness/);
    } finally {
      await client.close();
    }
  }, 300_000);
});
