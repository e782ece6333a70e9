import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleGit } from 'simple-git';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BROKEN, createMcpWorld, fixedSource, type McpWorld } from './mcp-world.js';

type Reply = CallToolResult & { structuredContent?: Record<string, any> };
const call = async (client: Client, name: string, args: unknown): Promise<Reply> => (await client.callTool({ name, arguments: args as Record<string, unknown> })) as Reply;
const textOf = (result: CallToolResult): string => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

/** The fixed proof with `assume(false)` at the top of the loop body: it would "verify" anything. */
const ASSUME_FALSE = fixedSource().replace('        // No overflow', '        assume(false);\n        // No overflow');
/** The fixed proof with the ensures about a missing key dropped: a weaker spec is easier to prove. */
const WEAKENED = fixedSource().replace('        r is None ==> forall|i: int| 0 <= i < v.len() ==> v@[i] != key,\n', '');

describe('verus-repair mcp: cheating, path escapes and malformed arguments', () => {
  let world: McpWorld;
  let client: Client;
  beforeAll(async () => {
    world = await createMcpWorld();
    // A secret beside the repository, and a symlink in it that leads there.
    mkdirSync(path.join(world.scratch, 'outside'));
    writeFileSync(path.join(world.scratch, 'outside', 'secret.rs'), 'verus! { pub fn secret_outside() {} }\n');
    mkdirSync(path.join(world.repoDir, 'notes'));
    symlinkSync(path.join(world.scratch, 'outside', 'secret.rs'), path.join(world.repoDir, 'notes', 'link.rs'));
    ({ client } = await world.connect());
  }, 60_000);
  afterAll(async () => {
    await client.close();
    world.close();
  });

  it('rejects assume(false) and a weakened ensures in verus_guard, and verus_record refuses them', async () => {
    expect(ASSUME_FALSE).not.toBe(fixedSource());
    expect(WEAKENED).not.toBe(fixedSource());
    // The session's baseline is the broken file as it first sees it.
    expect((await call(client, 'verus_guard', { file: 'binary-search/src/lib.rs' })).structuredContent?.['verdict']).toBe('accept');
    for (const [source, rule] of [[ASSUME_FALSE, 'cheat-construct-added'], [WEAKENED, 'spec-changed']] as const) {
      writeFileSync(world.libFile, source);
      const guard = await call(client, 'verus_guard', { file: 'binary-search/src/lib.rs' });
      expect(guard.structuredContent?.['verdict']).toBe('reject');
      expect(guard.structuredContent?.['violations'].map((violation: { rule: string }) => violation.rule)).toContain(rule);
      expect(textOf(guard)).toMatch(/^reject: /);
      // A verify never runs Verus on it: guard-rejected, recorded as repair records one.
      const verify = await call(client, 'verus_verify', {});
      expect(verify.structuredContent).toMatchObject({ verdict: 'guard-rejected', guard: { verdict: 'reject' } });
      expect(verify.structuredContent?.['recordedCommit']).toMatch(/^[0-9a-f]{40}$/);
      const record = await call(client, 'verus_record', {});
      expect(record.isError).toBe(true);
      expect(textOf(record)).toMatch(/refused: the guard rejects the files as they stand \(.*nothing was recorded/);
    }
    // Against a git ref: the same judgment of the file against the committed original.
    const againstHead = await call(client, 'verus_guard', { file: 'binary-search/src/lib.rs', against: 'HEAD' });
    expect(againstHead.structuredContent).toMatchObject({ against: 'HEAD', verdict: 'reject' });
    const history = await call(client, 'verus_history', {});
    const results = history.structuredContent?.['candidates'].map((entry: { result: string }) => entry.result);
    expect(results).toEqual(['failed', 'guard-rejected', 'guard-rejected']);
    const branch = history.structuredContent?.['branch'];
    const messages = await simpleGit(world.repoDir).raw(['log', '--format=%s', branch]);
    expect(messages.split('\n').filter((line) => line.includes('guard-rejected'))).toHaveLength(2);
    writeFileSync(world.libFile, BROKEN);
  }, 60_000);

  it('refuses paths that leave the repository (.., absolute, a symlink out) and returns nothing of the file', async () => {
    const outsideFile = path.join(world.scratch, 'outside', 'secret.rs');
    for (const file of ['../outside/secret.rs', 'binary-search/../../outside/secret.rs', outsideFile, '/etc/passwd', 'notes/link.rs']) {
      for (const tool of ['verus_outline', 'verus_guard']) {
        const reply = await call(client, tool, { file });
        expect(reply.isError, `${tool} ${file}`).toBe(true);
        expect(textOf(reply)).toMatch(/outside the repository|leads outside the repository/);
        expect(JSON.stringify(reply)).not.toContain('secret_outside');
      }
    }
    const crate = await call(client, 'verus_verify', { crate: '..' });
    expect(crate.isError).toBe(true);
    expect(textOf(crate)).toMatch(/outside the repository/);
    // A crate whose manifest is a symlink out: refused before anything of it is read.
    const other = path.join(world.repoDir, 'other');
    mkdirSync(path.join(other, 'src'), { recursive: true });
    writeFileSync(path.join(world.scratch, 'outside', 'Cargo.toml'), '[package]\nname = "secret_outside"\nversion = "0.1.0"\n');
    symlinkSync(path.join(world.scratch, 'outside', 'Cargo.toml'), path.join(other, 'Cargo.toml'));
    writeFileSync(path.join(other, 'src', 'lib.rs'), 'verus! {}\n');
    const fresh = await world.connect();
    try {
      const refused = await call(fresh.client, 'verus_verify', { crate: 'other' });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/crate file .*Cargo\.toml.* leads outside the repository/);
      expect(JSON.stringify(refused)).not.toContain('secret_outside');
    } finally {
      await fresh.client.close();
    }
    // An absolute path inside the repository is accepted.
    const inside = await call(client, 'verus_outline', { file: world.libFile });
    expect(inside.isError).toBeFalsy();
  }, 60_000);

  it('answers malformed arguments with tool errors, and keeps serving', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['verus_outline', {}, /Input validation error/],
      ['verus_outline', { file: 42 }, /Input validation error/],
      ['verus_verify', { functions: 'binary_search' }, /Input validation error/],
      ['verus_verify', { seeds: -1 }, /Input validation error/],
      ['verus_explain', {}, /exactly one of "kind"/],
      ['verus_explain', { kind: 'not-a-kind' }, /Input validation error/],
      ['verus_guard', { file: 'binary-search/src/lib.rs', against: '--output=/tmp/x' }, /expected a git ref/],
      ['verus_guard', { file: 'binary-search/src/lib.rs', against: 'no-such-branch' }, /no such commit/],
      ['verus_outline', { file: 'binary-search/Cargo.toml' }, /expected a \.rs file/],
      ['verus_outline', { file: 'binary-search/src/missing.rs' }, /no such file/],
      ['verus_verify', { functions: ['no_such_function'] }, /no function named no_such_function|no_such_function/],
      ['verus_check_spec', { functions: [] }, /Input validation error/],
      ['verus_review', { max_mutants: 0 }, /Input validation error/],
    ];
    for (const [tool, args, message] of cases) {
      const reply = await call(client, tool, args);
      expect(reply.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(reply), `${tool} ${JSON.stringify(args)}`).toMatch(message);
    }
    const explained = await call(client, 'verus_explain', { diagnostic: 'postcondition not satisfied' });
    expect(explained.structuredContent).toMatchObject({ kind: 'postcondition', card: { id: 'postcondition' } });
  }, 60_000);
});
