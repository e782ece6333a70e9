import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './fakes/run-cli.js';
import { createTemporaryDirectory, removeTemporaryDirectories, writeFileTree } from './fakes/temporary-directory.js';

afterAll(() => removeTemporaryDirectories());

describe('verify --queue of a workspace member that inherits from its workspace', () => {
  it('is refused before anything is sent (no Redis is reached), naming the manifest and what it needs', async () => {
    const root = createTemporaryDirectory('queue-member');
    const files: Record<string, string> = {
      'Cargo.toml': '[workspace]\nmembers = ["member"]\n\n[workspace.package]\nversion = "0.5.0"\nedition = "2021"\n',
      'member/Cargo.toml': '[package]\nname = "member"\nversion.workspace = true\nedition.workspace = true\n',
      'member/src/lib.rs': 'use vstd::prelude::*;\nverus! {\npub fn f() -> u32 { 1 }\n}\n',
      'member/verus-repair.toml': '[verifier]\nrunner = "local"\n\n[verifier.precheck]\nenabled = false\n\n[queue]\nname = "members"\nconnect_timeout = 1\n',
    };
    writeFileTree(root, files);
    // Port 9 (discard) on loopback: nothing listens, so any attempt to connect would fail differently.
    const result = await runCli(['verify', path.join(root, 'member'), '--queue'], { VERUS_REPAIR_REDIS_URL: 'redis://127.0.0.1:9' });
    expect(result.stderr).toContain(`${path.join(root, 'member', 'Cargo.toml')}: a queue job carries the crate's own files alone, and it inherits keys from its workspace (${path.join(root, 'Cargo.toml')}); verify it with --local or --docker`);
    expect(result.exitCode).toBe(2);
  }, 60_000);
});
