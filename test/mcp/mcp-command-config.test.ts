import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { simpleGit } from 'simple-git';
import { runCliInProcess } from '../run-cli-in-process.js';

describe('verus-repair mcp with a bad [mcp] table', () => {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'mcp-config-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('exits 2 with one line naming the file and key (or position), before serving, creating nothing', async () => {
    await simpleGit(repo).init(['-q']);
    const file = path.join(repo, 'verus-repair.toml');
    for (const [text, expected] of [
      ['[mcp.time_limits]\nverus_verfy = 3\n', /verus-repair\.toml: mcp\.time_limits\.verus_verfy: unknown key\./],
      ['[mcp]\ncache = "yes"\n', /verus-repair\.toml: mcp\.cache: expected boolean, received "yes"/],
      ['[mcp\n', /verus-repair\.toml:1:\d+: not valid TOML/],
      ['[mpc]\n', /verus-repair\.toml: \[mpc\]: unknown table \(did you mean \[mcp\]\?\)/],
    ] as const) {
      writeFileSync(file, text);
      const run = await runCliInProcess('mcp', '--repo', repo);
      expect(run.exitCode, text).toBe(2);
      expect(run.stdout, text).toBe('');
      expect(run.stderr.trimEnd().split('\n'), text).toHaveLength(1);
      expect(run.stderr, text).toMatch(expected);
    }
    expect(existsSync(path.join(repo, '.verus-repair'))).toBe(false);
  });
});
