import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../core/errors.js';
import { defaultVerifierConfig, loadVerifierConfig, readVerifierConfig } from './read-verifier-config.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

describe('readVerifierConfig', () => {
  it('rejects an unknown top-level table or key, naming the known tables, alongside the section\'s own errors', () => {
    const { config, errors } = readVerifierConfig('stray = 1\n[verifer]\nrunner = "local"\n[verifier]\nrlimit = -1\n', '/repo/verus-repair.toml', '/repo');
    expect(config).toBeNull();
    expect(errors).toEqual([
      expect.stringMatching(/^\/repo\/verus-repair\.toml: verifier\.rlimit: expected a value > 0/),
      '/repo/verus-repair.toml: stray: unknown top-level key; every setting belongs in a table. Known tables: [model], [verifier], [queue], [review], [guard], [spec_check], [mcp]',
      '/repo/verus-repair.toml: [verifer]: unknown table (did you mean [verifier]?). Known tables: [model], [verifier], [queue], [review], [guard], [spec_check], [mcp]',
    ]);
    expect(readVerifierConfig('[verifer]\nrunner = "local"\n', 'v.toml', '/repo').errors).toHaveLength(1);
  });

  it('fills every default when [verifier] is absent, resolving paths against the file directory', () => {
    const { config, errors } = readVerifierConfig('[model]\nname = "x"\n', '/repo/verus-repair.toml', '/repo');
    expect(errors).toEqual([]);
    expect(config).toEqual(defaultVerifierConfig('/repo'));
    expect(config?.runner).toBe('docker');
    expect(config?.cacheDir).toBe('/repo/.verus-repair/cache');
    expect(config?.docker.user).toBe('10001:10001');
  });

  it('reads and normalizes every key', () => {
    const text = [
      '[verifier]',
      'runner = "local"',
      'verus_path = "tools/verus/verus"',
      'cargo_verus_path = "tools/verus/cargo-verus"',
      'rlimit = 30',
      'expand_errors = true',
      'no_cheating = true',
      'timeout_ms = 900000',
      'cache_dir = "/var/cache/vr"',
      'pass_env = ["HTTPS_PROXY"]',
      '[verifier.docker]',
      'memory = "8g"',
      'pids_limit = 1024',
      '[verifier.precheck]',
      'target_dir = "target/shared"',
      'offline = true',
    ].join('\n');
    const { config } = readVerifierConfig(text, '/repo/verus-repair.toml', '/repo');
    expect(config).toMatchObject({
      runner: 'local',
      verusPath: '/repo/tools/verus/verus',
      cargoVerusPath: '/repo/tools/verus/cargo-verus',
      cargoPath: 'cargo',
      rlimit: 30,
      expandErrors: true,
      noCheating: true,
      timeoutMs: 900000,
      cacheDir: '/var/cache/vr',
      passEnv: ['HTTPS_PROXY'],
      docker: { memory: '8g', pidsLimit: 1024, cpus: 2 },
      precheck: { targetDir: '/repo/target/shared', offline: true, enabled: true },
    });
  });

  it('names the key, the expectation, the received value and an example', () => {
    const { config, errors } = readVerifierConfig('[verifier]\nrlimit = -3\nrunner = "podman"\n', 'verus-repair.toml', '/repo');
    expect(config).toBeNull();
    expect(errors).toContainEqual(expect.stringMatching(/verifier\.rlimit: expected a value > 0, received -3\. Example: rlimit = 30/));
    expect(errors).toContainEqual(expect.stringMatching(/verifier\.runner: expected one of "docker", "local", "queue", received "podman"\. Example: runner = "local"/));
  });

  it('rejects unknown keys and a root user for containers', () => {
    const { errors } = readVerifierConfig('[verifier]\nrlimt = 3\n[verifier.docker]\nuser = "0:0"\n', 'f.toml', '/repo');
    expect(errors).toContainEqual(expect.stringContaining('verifier.rlimt: unknown key'));
    expect(errors).toContainEqual(expect.stringContaining('verifier.docker.user'));
  });

  it('points at the line and column of a TOML syntax error', () => {
    const { errors } = readVerifierConfig('[verifier]\nrlimit = = 3\n', 'f.toml', '/repo');
    expect(errors[0]).toMatch(/^f\.toml:2:\d+: not valid TOML/);
  });

  it('refuses a result cache inside the pre-check\'s target directory, or holding it: sandboxed builds write there', () => {
    const inside = readVerifierConfig('[verifier]\ncache_dir = "build/cache"\n[verifier.precheck]\ntarget_dir = "build"\n', '/p/verus-repair.toml', '/p');
    expect(inside.config).toBeNull();
    expect(inside.errors).toEqual([expect.stringMatching(/^\/p\/verus-repair\.toml: verifier\.cache_dir \(\/p\/build\/cache\) is inside the pre-check's cargo target directory \(\/p\/build\), which sandboxed builds can write/)]);
    const holding = readVerifierConfig('[verifier]\ncache_dir = ".verus-repair"\n', '/p/verus-repair.toml', '/p');
    expect(holding.errors).toEqual([expect.stringContaining('verifier.cache_dir (/p/.verus-repair) holds the pre-check\'s cargo target directory (/p/.verus-repair/cargo-target)')]);
    expect(readVerifierConfig('[verifier]\ncache_dir = "build-cache"\n[verifier.precheck]\ntarget_dir = "build"\n', '/p/verus-repair.toml', '/p').errors).toEqual([]);
  });

  it('warns when the timeout is shorter than one rlimit', () => {
    const { warnings } = readVerifierConfig('[verifier]\nrlimit = 100\ntimeout_ms = 5000\n', 'f.toml', '/repo');
    expect(warnings[0]).toContain('verifier.timeout_ms');
  });
});

describe('loadVerifierConfig', () => {
  it('uses defaults when the file does not exist and throws one ConfigurationError for a bad file', async () => {
    const directory = createTemporaryDirectory('config');
    expect((await loadVerifierConfig(directory)).file).toBeNull();
    writeFileSync(path.join(directory, 'verus-repair.toml'), '[verifier]\ntimeout_ms = "soon"\n');
    await expect(loadVerifierConfig(directory)).rejects.toThrow(ConfigurationError);
    await expect(loadVerifierConfig(directory)).rejects.toThrow(/verifier\.timeout_ms: expected number, received "soon"/);
  });
});

describe('[verifier] stability_seeds', () => {
  it('defaults to 0 (no stability check), reads N, and names the key, the range and an example when out of range', () => {
    expect(defaultVerifierConfig('/repo').stabilitySeeds).toBe(0);
    expect(readVerifierConfig('[verifier]\nstability_seeds = 3\n', '/repo/verus-repair.toml', '/repo').config?.stabilitySeeds).toBe(3);
    const negative = readVerifierConfig('[verifier]\nstability_seeds = -1\n', '/repo/verus-repair.toml', '/repo');
    expect(negative.config).toBeNull();
    expect(negative.errors[0]).toMatch(/verifier\.stability_seeds: .*received -1\. Example: stability_seeds = 3$/);
  });
});
