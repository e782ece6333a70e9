import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleGit } from 'simple-git';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { runCli, startCli } from '../fakes/run-cli.js';
import { runCliInProcess } from '../run-cli-in-process.js';
import { BROKEN, createMcpWorld, DECOY_KEY, fixedSource, type McpWorld } from './mcp-world.js';

const TOOL_NAMES = ['verus_outline', 'verus_verify', 'verus_explain', 'verus_check_spec', 'verus_guard', 'verus_record', 'verus_history', 'verus_review'];

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult & { structuredContent?: Record<string, any> }> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent?: Record<string, any> };
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

describe('verus-repair mcp: an agent session over stdio with the SDK client', () => {
  let world: McpWorld;
  const replies: string[] = [];
  beforeAll(async () => {
    world = await createMcpWorld();
  });
  afterAll(() => world.close());

  it('lists the eight tools, each with an object input schema and an output schema', async () => {
    const { client } = await world.connect();
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.description?.length ?? 0).toBeGreaterThan(20);
      }
      const verify = tools.find((tool) => tool.name === 'verus_verify');
      expect(Object.keys(verify?.inputSchema.properties ?? {})).toEqual(['crate', 'file', 'functions', 'seeds']);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('outline → verify (fails, diagnostic with a tactic) → edit → verify (verified) → record → audit passes on the run', async () => {
    const { client, stderr } = await world.connect('scripted-agent', '2.1');
    const keep = <T extends CallToolResult>(result: T): T => {
      replies.push(JSON.stringify(result));
      return result;
    };
    let runId = '';
    try {
      const outline = keep(await call(client, 'verus_outline', { file: 'binary-search/src/lib.rs' }));
      expect(outline.isError).toBeFalsy();
      const search = outline.structuredContent?.['functions'].find((fn: { name: string }) => fn.name === 'binary_search');
      expect(search.mode).toBe('exec');
      expect(search.ensures.length).toBeGreaterThan(0);
      expect(search.loops[0].invariants).toContain('lo <= hi <= v.len()');
      expect(search.loops[0].invariants).not.toContain('sorted(v@)');

      const progress: string[] = [];
      const failed = keep((await client.callTool({ name: 'verus_verify', arguments: { file: 'binary-search/src/lib.rs' } }, undefined, { onprogress: (event) => progress.push(event.message ?? '') })) as Awaited<ReturnType<typeof call>>);
      expect(progress).toContain('running Verus');
      expect(failed.isError).toBeFalsy();
      expect(failed.structuredContent?.['verdict']).toBe('failed');
      expect(failed.structuredContent?.['iteration']).toBe(0);
      const diagnostic = failed.structuredContent?.['diagnostics'].find((entry: { severity: string }) => entry.severity === 'error');
      expect(diagnostic).toMatchObject({ kind: 'invariant-end-of-loop-body', function: 'binary_search', file: 'binary-search/src/lib.rs' });
      expect(diagnostic.line).toBeGreaterThan(0);
      expect(diagnostic.excerpt).toContain('forall|i: int| 0 <= i < lo ==> v@[i] < key');
      expect(diagnostic.tacticCards.length).toBeGreaterThan(0);
      expect(textOf(failed)).toMatch(/^failed .*1 error\(s\), first: invariant-end-of-loop-body in binary_search/);

      const explained = keep(await call(client, 'verus_explain', { kind: diagnostic.tacticCards[0] }));
      expect(explained.structuredContent?.['card'].text.length).toBeGreaterThan(100);

      // Not verified as it stands: nothing was verified after this content appeared.
      writeFileSync(world.libFile, fixedSource());
      const early = keep(await call(client, 'verus_record', {}));
      expect(early.isError).toBe(true);
      expect(textOf(early)).toMatch(/not verified in this session/);

      const verified = keep(await call(client, 'verus_verify', {}));
      expect(verified.structuredContent).toMatchObject({ verdict: 'verified', iteration: 1, changedFiles: ['binary-search/src/lib.rs'], guard: { verdict: 'accept' } });
      expect(verified.structuredContent?.['functions']).toEqual([expect.objectContaining({ function: expect.stringContaining('binary_search'), success: true })]);

      const recorded = keep(await call(client, 'verus_record', { message: 'add sorted(v@) to the loop invariant' }));
      expect(recorded.isError).toBeFalsy();
      expect(recorded.structuredContent).toMatchObject({ proofResult: 'verified', iteration: 1, alreadyRecorded: false });
      runId = recorded.structuredContent?.['runId'];
      expect(runId).toMatch(/^agent-/);
      expect(recorded.structuredContent?.['branch']).toBe(`verus-repair/${runId}`);

      const history = keep(await call(client, 'verus_history', {}));
      expect(history.structuredContent?.['modelOrigin']).toBe('agent via MCP: scripted-agent 2.1');
      expect(history.structuredContent?.['candidates'].map((entry: { iteration: number; result: string; commit: string | null }) => [entry.iteration, entry.result, entry.commit !== null])).toEqual([[0, 'failed', true], [1, 'verified', true]]);

      // Focused on a named function (the whole crate confirms), under two solver seeds.
      const focused = keep(await call(client, 'verus_verify', { functions: ['binary_search'], seeds: 2 }));
      expect(focused.structuredContent).toMatchObject({ verdict: 'verified', scope: { kind: 'focused', functions: ['binary_search'], confirmedOnCrate: true }, stability: { passed: 2, seeds: 2 } });
    } finally {
      await client.close();
    }
    // The user's file is the agent's edit, untouched by the server.
    expect(readFileSync(world.libFile, 'utf8')).toBe(fixedSource());
    const message = (await simpleGit(world.repoDir).raw(['log', '-1', '--format=%B', `verus-repair/${runId}`]));
    expect(message).toMatch(/^add sorted\(v@\) to the loop invariant\n/);
    expect(message).toContain('Proof-Result: verified');
    expect(message).toContain('Model-Origin: agent via MCP: scripted-agent 2.1');
    expect(message).toContain(`Run-Id: ${runId}`);
    const audit = await runCliInProcess('audit', runId, '--repo', world.repoDir);
    expect(audit.stdout + audit.stderr).not.toMatch(/finding/i);
    expect(audit.exitCode).toBe(0);
    expect(audit.stdout).toContain(runId);
    const log = await runCliInProcess('log', runId, '--repo', world.repoDir);
    expect(log.exitCode).toBe(0);
    expect(log.stdout).toMatch(/verified/);

    // The API key is in the server's environment; it is in no reply, no log line, no ledger object.
    const ledger = await simpleGit(world.repoDir).raw(['log', '--all', '-p', '--format=%H%n%B']);
    const notes = await simpleGit(world.repoDir).raw(['log', '-p', 'refs/notes/verus-repair']);
    for (const text of [...replies, stderr(), ledger, notes]) expect(text).not.toContain(DECOY_KEY);
    expect(stderr()).toContain('verus_verify');

    // audit --reverify re-runs the (fake) verifier on the recorded files; apply brings the proof onto the branch.
    const reverified = await runCli(['audit', runId, '--reverify', '--repo', world.repoDir], world.environment, world.scratch);
    expect(reverified.stdout + reverified.stderr).toMatch(/audit passed/);
    expect(reverified.exitCode).toBe(0);
    writeFileSync(world.libFile, BROKEN);
    const applied = await runCliInProcess('apply', runId, '--repo', world.repoDir);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(await simpleGit(world.repoDir).show(['HEAD:binary-search/src/lib.rs'])).toBe(fixedSource());
  }, 120_000);

  it('writes only JSON-RPC messages to stdout, through a verify (its logs go to stderr)', async () => {
    const server = startCli(['mcp', '--repo', world.repoDir], world.environment, world.scratch);
    const lines: string[] = [];
    let buffered = '';
    const answered = new Promise<void>((resolve) => {
      server.stdout?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const parts = buffered.split('\n');
        buffered = parts.pop() ?? '';
        lines.push(...parts);
        if (parts.some((line) => line.includes('"id":2'))) resolve();
      });
    });
    const send = (message: object): void => void server.stdin?.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'verus_verify', arguments: { crate: 'binary-search' } } });
    await answered;
    server.stdin?.end();
    const result = await server;
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(String(result.stderr)).toMatch(/verus-repair mcp: verus_verify: (failed|verified)/);
    expect(result.exitCode).toBe(0);
  }, 60_000);
});
