import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { simpleGit } from 'simple-git';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createFakeSetup } from '../fakes/fake-environment.js';
import { removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { copyReviewFixture } from '../review/review-fixture-crate.js';
import { connectMcpServer } from './mcp-world.js';

type Reply = CallToolResult & { structuredContent?: Record<string, any> };

// Real cargo (the erased builds run in the shared rust-fixtures target directory, where vstd is built), the fake cargo-verus.
describe('verus-repair mcp: verus_review on a fixture crate', () => {
  afterAll(removeTemporaryDirectories);

  it('verus_verify pre-checks with real cargo, and verus_review finds the surviving mutant of the weak max spec, with progress notifications', async () => {
    const crateDir = copyReviewFixture('review-max-weak');
    const git = simpleGit(crateDir);
    await git.init(['-q', '-b', 'main']);
    await git.addConfig('user.name', 'MCP').addConfig('user.email', 'mcp@example.invalid').addConfig('commit.gpgsign', 'false');
    await git.add('.');
    await git.commit('review fixture');
    const fake = createFakeSetup('review-oracle');
    const { client } = await connectMcpServer(crateDir, fake.environment as Record<string, string>, path.dirname(crateDir));
    try {
      // verus_verify with the erased pre-check on (real cargo, sandboxed as configured), then the fake Verus.
      const stages: string[] = [];
      const verified = (await client.callTool({ name: 'verus_verify', arguments: {} }, undefined, { timeout: 240_000, onprogress: (event) => stages.push(event.message ?? '') })) as Reply;
      expect(verified.structuredContent, JSON.stringify(verified.content)).toMatchObject({ verdict: 'verified', precheck: expect.stringMatching(/^passed/) });
      expect(stages).toEqual(expect.arrayContaining(['erased cargo build and test (sandboxed)', 'running Verus']));
      const progress: string[] = [];
      const reply = (await client.callTool({ name: 'verus_review', arguments: {} }, undefined, { timeout: 240_000, onprogress: (event) => progress.push(event.message ?? '') })) as Reply;
      expect(reply.isError, JSON.stringify(reply.content)).toBeFalsy();
      expect(reply.structuredContent?.['findings']).toBeGreaterThan(0);
      expect(reply.structuredContent?.['survivors'].length).toBeGreaterThan(0);
      expect(progress.some((message) => /^review started: \d+ mutant/.test(message))).toBe(true);
      expect(progress.some((message) => /^settled \d+ of \d+$/.test(message))).toBe(true);
    } finally {
      await client.close();
    }
  }, 300_000);
});
