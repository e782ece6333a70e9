import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultVerifierConfig } from '../config/read-verifier-config.js';
import { PACKAGED_DOCKERFILE } from '../toolchain/packaged-paths.js';
import { buildContainerSpec, buildDockerJob, CONTAINER_ENVIRONMENT, CONTAINER_PATHS } from './build-docker-job.js';
import { buildVerusCommand } from './build-verus-command.js';
import { renderDockerRunArguments } from './render-docker-run-arguments.js';

const config = { ...defaultVerifierConfig('/project'), passEnv: [], docker: { image: null, memory: '3g', pidsLimit: 256, cpus: 1.5, user: '10001:10001', tmpfsSize: '1g' } };
const command = { tool: 'cargo-verus' as const, args: ['verus', 'verify', '--offline', '--message-format=json', '--', '--output-json'] };
const copyDir = path.join(os.tmpdir(), 'verus-repair-crate-abc');
const hostEnvironment = {
  PATH: '/usr/bin',
  HOME: os.homedir(),
  DOCKER_HOST: 'unix:///run/docker.sock',
  OPENAI_API_KEY: 'secret',
  AWS_SECRET_ACCESS_KEY: 'secret',
  RUSTFLAGS: '-C opt-level=3',
};

function optionValues(args: string[], name: string): string[] {
  return args.flatMap((argument, index) => (argument === name && args[index + 1] !== undefined ? [args[index + 1] as string] : []));
}

describe('docker job', () => {
  const spec = buildContainerSpec(command, config, { image: 'verus-repair/verus:tag', crateCopyDir: copyDir, runId: 'run1', sequence: 3, timeoutMs: 5000 });
  const job = buildDockerJob(spec, config, hostEnvironment, { cwd: '/project', timeoutMs: 5000 });
  const args = job.command.slice(1);

  it('runs without network, removed on exit, never pulling, named and labelled for cleanup', () => {
    expect(job.command[0]).toBe('docker');
    expect(args.slice(0, 2)).toEqual(['run', '--rm']);
    expect(optionValues(args, '--network')).toEqual(['none']);
    expect(optionValues(args, '--pull')).toEqual(['never']);
    expect(optionValues(args, '--name')).toEqual(['verus-repair-run1-3']);
    expect(optionValues(args, '--label')).toContain('verus-repair=1');
    expect(job.cleanupCommands).toEqual([['docker', 'rm', '-f', 'verus-repair-run1-3']]);
  });

  it('applies the configured limits and a non-root user with no capabilities', () => {
    expect(optionValues(args, '--memory')).toEqual(['3g']);
    expect(optionValues(args, '--pids-limit')).toEqual(['256']);
    expect(optionValues(args, '--cpus')).toEqual(['1.5']);
    expect(optionValues(args, '--user')).toEqual(['10001:10001']);
    expect(optionValues(args, '--cap-drop')).toEqual(['ALL']);
    expect(job.timeoutMs).toBe(5000);
  });

  it('mounts only the temporary copy, read-only, and puts target/ on tmpfs', () => {
    const mounts = optionValues(args, '-v');
    expect(mounts).toEqual([`${copyDir}:/work/crate:ro`]);
    for (const mount of mounts) {
      const source = mount.split(':')[0] ?? '';
      expect(path.resolve(source)).not.toBe(path.resolve(os.homedir()));
      expect(source).not.toMatch(/\.ssh|\.aws|\.config|\.docker|\.cargo|credentials/);
    }
    expect(optionValues(args, '--tmpfs').some((entry) => entry.startsWith('/work/target:rw,exec') && entry.includes('size=1g'))).toBe(true);
  });

  it('passes only allow-listed variables: nothing from the host reaches the container', () => {
    expect(optionValues(args, '-e').sort()).toEqual(['CARGO_NET_OFFLINE=true', 'CARGO_TARGET_DIR=/work/target', 'CARGO_TERM_COLOR=never']);
    expect(args.join(' ')).not.toContain('secret');
    expect(Object.keys(job.env).sort()).toEqual(['DOCKER_HOST', 'HOME', 'PATH']);
  });

  it('runs the Verus command after the image through the sandbox preamble', () => {
    const imageIndex = args.indexOf('verus-repair/verus:tag');
    expect(args.slice(imageIndex + 1, imageIndex + 3)).toEqual(['sh', '-c']);
    expect(args.slice(imageIndex + 4)).toEqual(['verus-repair-sandbox', 'cargo', ...command.args]);
    expect(renderDockerRunArguments(spec)).toEqual(args);
  });
});

describe('the image\'s target seed', () => {
  // The Dockerfile's RUN lines, continuations joined, so each seed command reads as one line.
  const dockerfile = readFileSync(PACKAGED_DOCKERFILE, 'utf8').replace(/\\\n/g, ' ');
  const seedRuns = [...dockerfile.matchAll(/CARGO_TARGET_DIR=(\S+) cargo verus (verify|focus) (.*?) -- /g)];
  const verusOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 1000, extraVerusArgs: [] };
  const placement = { relativeFile: null, offline: true, runNonce: '0123456789abcdef' };

  it('builds vstd with exactly the cargo-verus options and target directory the Docker runner sends, for verify and for focus', () => {
    expect(seedRuns.map((match) => match[2])).toEqual(['verify', 'focus']);
    for (const [, targetDir, subcommand, cargoPart] of seedRuns) {
      const target = subcommand === 'verify' ? { kind: 'crate' as const, crateDir: '/c' } : { kind: 'module' as const, crateDir: '/c', module: null };
      const { args } = buildVerusCommand(target, verusOptions, placement);
      expect(cargoPart?.split(/\s+/)).toEqual(args.slice(2, args.indexOf('--')));
      expect(targetDir).toBe(CONTAINER_ENVIRONMENT['CARGO_TARGET_DIR']);
    }
  });

  it('sets VERUS_Z3_PATH, which Verus tracks as a dependency of every crate, before seeding', () => {
    const seededAt = dockerfile.indexOf('cargo verus verify');
    expect(dockerfile.lastIndexOf('ENV VERUS_Z3_PATH=', seededAt)).toBeGreaterThan(-1);
    expect(dockerfile.indexOf('VERUS_Z3_PATH=', seededAt)).toBe(-1);
  });

  it('copies the whole seed, target/verus-partial (where focus builds) included, into the run\'s target', () => {
    const spec = buildContainerSpec({ tool: 'cargo-verus', args: ['verus', 'focus'] }, config, { image: 'i', crateCopyDir: copyDir, runId: 'r', sequence: 1, timeoutMs: 1 });
    const script = spec.command[2] ?? '';
    expect(script).toContain(`cp -R --preserve=timestamps ${CONTAINER_PATHS.targetSeed}/. ${CONTAINER_PATHS.target}/`);
    expect(dockerfile).toMatch(new RegExp(`mv ${CONTAINER_PATHS.target} ${CONTAINER_PATHS.targetSeed}`));
  });
});
