import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isProcessAlive, type ProcessIdentity } from '../fakes/fake-environment.js';
import { killRecordedProcesses, survivingProcesses, waitForRecordedProcesses } from '../fakes/recorded-processes.js';
import { runCliInProcess } from '../run-cli-in-process.js';
import { BROKEN, createMcpWorld, HANG_MARKER, type McpWorld } from './mcp-world.js';

const textOf = (result: CallToolResult): string => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

/** Polls `condition` for up to 10 s. */
async function waitUntil(condition: () => boolean): Promise<boolean> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(100)) if (condition()) return true;
  return condition();
}

/** A world whose crate makes the fake cargo-verus hang (recording its pid and its child's). */
async function createHangingWorld(extraToml: string[] = [], precheck = false): Promise<McpWorld> {
  const world = await createMcpWorld({ extraToml, precheck });
  writeFileSync(world.libFile, `${HANG_MARKER}\n${BROKEN}`);
  return world;
}

describe('verus-repair mcp: cancellation, disconnection and time limits stop the child processes', () => {
  let world: McpWorld | null = null;
  let recorded: ProcessIdentity[] = [];
  afterEach(() => {
    killRecordedProcesses(recorded);
    recorded = [];
    world?.close();
    world = null;
  });

  it('a cancelled verus_verify (notifications/cancelled) leaves no cargo-verus process, records nothing, and the session goes on', async () => {
    world = await createHangingWorld();
    const { client } = await world.connect();
    try {
      const controller = new AbortController();
      const verify = client.callTool({ name: 'verus_verify', arguments: { crate: 'binary-search' } }, undefined, { signal: controller.signal, timeout: 60_000 });
      recorded = (await waitForRecordedProcesses(world.markerFile, 2, 30_000)) ?? [];
      expect(recorded).toHaveLength(2);
      expect(recorded.every(isProcessAlive)).toBe(true);
      controller.abort('the agent changed its mind');
      await expect(verify).rejects.toThrow();
      expect(await survivingProcesses(recorded)).toEqual([]);
      const history = (await client.callTool({ name: 'verus_history', arguments: {} })) as CallToolResult & { structuredContent?: Record<string, any> };
      expect(history.structuredContent).toMatchObject({ branch: null, candidates: [] });
    } finally {
      await client.close();
    }
  }, 60_000);

  it('a cancelled verus_review stops its verifier run (the check of the original) and leaves no process', async () => {
    // A review's erased stage always builds; with the warm fixtures' target (the pre-check world) its setup takes seconds, not a vstd build.
    world = await createHangingWorld([], true);
    const { client } = await world.connect();
    try {
      const controller = new AbortController();
      const review = client.callTool({ name: 'verus_review', arguments: { crate: 'binary-search', max_mutants: 3 } }, undefined, { signal: controller.signal, timeout: 120_000 });
      recorded = (await waitForRecordedProcesses(world.markerFile, 2, 90_000)) ?? [];
      expect(recorded).toHaveLength(2);
      controller.abort('enough');
      await expect(review).rejects.toThrow();
      expect(await survivingProcesses(recorded)).toEqual([]);
      // The session goes on: an outline after the cancellation is answered.
      const outline = (await client.callTool({ name: 'verus_outline', arguments: { file: 'binary-search/src/lib.rs' } })) as CallToolResult;
      expect(outline.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  }, 150_000);

  it('a client that disconnects mid-verify stops the verifier, the server exits, its run lock is released and its recorded run audits clean', async () => {
    world = await createMcpWorld();
    const { client, transport, stderr } = await world.connect();
    const pid = transport.pid;
    // The session sees the crate first (its baseline), then a cheating edit: recorded at once as guard-rejected (after the baseline), so the session has a run.
    await client.callTool({ name: 'verus_outline', arguments: { file: 'binary-search/src/lib.rs' } });
    writeFileSync(world.libFile, BROKEN.replace('        // No overflow', '        assume(false);\n        // No overflow'));
    const rejected = (await client.callTool({ name: 'verus_verify', arguments: { crate: 'binary-search' } })) as CallToolResult & { structuredContent?: Record<string, any> };
    expect(rejected.structuredContent?.['verdict']).toBe('guard-rejected');
    const runId = ((await client.callTool({ name: 'verus_history', arguments: {} })) as CallToolResult & { structuredContent?: Record<string, any> }).structuredContent?.['runId'];
    expect(existsSync(path.join(world.repoDir, '.verus-repair', 'runs', runId, 'lock'))).toBe(true);
    // Then an honest edit (a comment in the loop body) whose verification hangs.
    writeFileSync(world.libFile, BROKEN.replace('        // No overflow', `        ${HANG_MARKER}\n        // No overflow`));
    void client.callTool({ name: 'verus_verify', arguments: {} }, undefined, { timeout: 60_000 }).catch(() => undefined);
    recorded = (await waitForRecordedProcesses(world.markerFile, 2, 30_000)) ?? [];
    expect(recorded).toHaveLength(2);
    await client.close();
    expect(await survivingProcesses(recorded)).toEqual([]);
    expect(await waitUntil(() => pid !== null && !existsSync(`/proc/${pid}`))).toBe(true);
    expect(stderr()).toMatch(new RegExp(`the client disconnected; session ${runId} closed \\(ledger branch verus-repair/${runId}\\)`));
    expect(existsSync(path.join(world.repoDir, '.verus-repair', 'runs', runId, 'lock'))).toBe(false);
    const audit = await runCliInProcess('audit', runId, '--repo', world.repoDir);
    expect(audit.stdout).toContain(`run ${runId}: 2 commits, audit passed`);
    expect(audit.exitCode).toBe(0);
  }, 60_000);

  it('a verus_verify past [mcp.time_limits] verus_verify ends in a tool error naming the limit, its processes stopped', async () => {
    world = await createHangingWorld(['[mcp.time_limits]', 'verus_verify = 3']);
    const { client } = await world.connect();
    try {
      const verify = client.callTool({ name: 'verus_verify', arguments: { crate: 'binary-search' } }, undefined, { timeout: 60_000 });
      recorded = (await waitForRecordedProcesses(world.markerFile, 2, 30_000)) ?? [];
      const reply = (await verify) as CallToolResult;
      expect(reply.isError).toBe(true);
      expect(textOf(reply)).toMatch(/verus_verify ran past its time limit of 3 s .*\[mcp\.time_limits\] verus_verify/);
      expect(await survivingProcesses(recorded)).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
