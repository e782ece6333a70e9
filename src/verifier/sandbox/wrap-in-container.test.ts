import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryCrate } from '../../../test/fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { defaultVerifierConfig } from '../config/read-verifier-config.js';
import { CargoPrechecker } from '../precheck/cargo-prechecker.js';

afterAll(removeTemporaryDirectories);

/**
 * A docker client that records its argv and environment and answers as `cargo build
 * --message-format=json` would inside the container (no engine here): one warning in
 * /work/build/src/lib.rs, then build-finished.
 */
function recordingDocker(): { directory: string; calls: () => Array<{ argv: string[]; env: Record<string, string> }> } {
  const directory = createTemporaryDirectory('fake-docker');
  const log = path.join(directory, 'calls.jsonl');
  const warning = JSON.stringify({ reason: 'compiler-message', package_id: 'path+file:///work/build#runner-demo@0.1.0', target: { kind: ['lib'], name: 'runner_demo' }, message: { $message_type: 'diagnostic', message: 'unused variable: `y`', code: { code: 'unused_variables', explanation: null }, level: 'warning', spans: [{ file_name: '/work/build/src/lib.rs', byte_start: 0, byte_end: 1, line_start: 6, line_end: 6, column_start: 5, column_end: 6, is_primary: true, text: [], label: null }], children: [], rendered: 'warning: unused variable: `y`\n' } });
  const script = `#!/usr/bin/env node
require('node:fs').appendFileSync(${JSON.stringify(log)}, JSON.stringify({ argv: process.argv.slice(2), env: process.env }) + '\\n');
process.stdout.write(${JSON.stringify(warning)} + '\\n' + JSON.stringify({ reason: 'build-finished', success: true }) + '\\n');
`;
  writeFileSync(path.join(directory, 'docker'), script);
  chmodSync(path.join(directory, 'docker'), 0o755);
  return { directory, calls: () => readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { argv: string[]; env: Record<string, string> }) };
}

describe('the pre-check in the Docker runner\'s container (sandbox = "docker"; a recording docker client)', () => {
  it('runs cargo build in the container as Verus runs: no network, the crate copy read-only, target on tmpfs, --offline, no host variable inside', async () => {
    const docker = recordingDocker();
    const base = defaultVerifierConfig('/unused');
    const config = { ...base, runner: 'docker' as const, docker: { ...base.docker, image: 'verus-repair/verus:test' }, precheck: { ...base.precheck, sandbox: 'docker' as const, test: false } };
    const crateDir = createTemporaryCrate();
    const environment = { PATH: `${docker.directory}${path.delimiter}${process.env['PATH'] ?? ''}`, HOME: '/home/user', OPENAI_API_KEY: 'sk-must-not-enter-the-container' };
    const result = await new CargoPrechecker({ config, environment }).precheck(crateDir);

    expect(result).toMatchObject({ status: 'passed', steps: ['build'] });
    // Diagnostics are read relative to the crate as the container sees it.
    if (result.status === 'passed') expect(result.warnings.map((warning) => warning.primary?.file)).toEqual(['src/lib.rs']);
    const [call] = docker.calls();
    const argv = call?.argv ?? [];
    expect(argv.slice(0, 4)).toEqual(['run', '--rm', '--pull', 'never']);
    expect(argv).toEqual(expect.arrayContaining(['--network', 'none', '--cap-drop', 'ALL', '--user', '10001:10001']));
    const mount = argv[argv.indexOf('-v') + 1] ?? '';
    expect(mount).toMatch(/^\/tmp\/verus-repair-cargo-[^:]+:\/work\/crate:ro$/);
    expect(mount.startsWith(crateDir)).toBe(false);
    expect(argv.slice(argv.indexOf('verus-repair/verus:test') + 1).slice(-4)).toEqual(['cargo', 'build', '--message-format=json', '--offline']);
    expect(argv.filter((argument, index) => argv[index - 1] === '-e')).toEqual(['CARGO_TARGET_DIR=/work/target', 'CARGO_NET_OFFLINE=true', 'CARGO_TERM_COLOR=never', 'CARGO_INCREMENTAL=0', 'RUST_BACKTRACE=0']);
    expect(JSON.stringify(call)).not.toContain('sk-must-not-enter-the-container');
  });
});
