import type { QueueSettings } from './queue-config.js';
import { z } from 'zod';
import type { ResolvedPinFile } from '../toolchain/toolchain-pin-source.js';

/** The `[verifier.docker]` table: limits for every container run. */
const dockerSectionSchema = z
  .object({
    image: z.string().min(1).optional(),
    memory: z.string().regex(/^\d+[kmg]?$/i).default('4g'),
    pids_limit: z.number().int().positive().default(512),
    cpus: z.number().positive().default(2),
    user: z.string().regex(/^\d+(:\d+)?$/).refine((user) => !/^0(:|$)/.test(user), 'expected a non-root uid').default('10001:10001'),
    tmpfs_size: z.string().regex(/^\d+[kmg]?$/i).default('2g'),
  })
  .strict();

/** The `[verifier.precheck]` table: the erased `cargo build` / `cargo test` run before Verus. */
const precheckSectionSchema = z
  .object({
    enabled: z.boolean().default(true),
    test: z.boolean().default(true),
    target_dir: z.string().min(1).optional(),
    timeout_ms: z.number().int().positive().default(300_000),
    offline: z.boolean().default(false),
    sandbox: z.enum(['auto', 'bwrap', 'docker', 'none']).default('auto'),
  })
  .strict();

/** The `[verifier]` section of verus-repair.toml, as written (snake_case). Every key is optional. */
export const verifierSectionSchema = z
  .object({
    runner: z.enum(['docker', 'local', 'queue']).default('docker'),
    verus_path: z.string().min(1).default('verus'),
    cargo_path: z.string().min(1).default('cargo'),
    cargo_verus_path: z.string().min(1).optional(),
    rlimit: z.number().positive().default(10),
    expand_errors: z.boolean().default(false),
    no_cheating: z.boolean().default(false),
    timeout_ms: z.number().int().positive().default(600_000),
    max_output_bytes: z.number().int().min(4096).default(16 * 1024 * 1024),
    cache_dir: z.string().min(1).default('.verus-repair/cache'),
    pin_file: z.string().min(1).optional(),
    scope: z.enum(['focused', 'crate']).default('focused'),
    stability_seeds: z.number().int().min(0).max(64).default(0),
    extra_verus_args: z.array(z.string()).default([]),
    pass_env: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/)).default([]),
    docker: dockerSectionSchema.prefault({}),
    precheck: precheckSectionSchema.prefault({}),
  })
  .strict();

export type VerifierSection = z.output<typeof verifierSectionSchema>;

/** Container limits, from `[verifier.docker]`. */
export interface DockerLimits {
  /** Image to run; null means the tag derived from the toolchain pin. */
  image: string | null;
  memory: string;
  pidsLimit: number;
  cpus: number;
  /** `uid[:gid]`, never root. */
  user: string;
  tmpfsSize: string;
}

/** Erased pre-check settings, from `[verifier.precheck]`. */
export interface PrecheckSettings {
  enabled: boolean;
  /** Run `cargo test` too when the crate has tests. */
  test: boolean;
  /** `target_dir` as configured (absolute), or null; selectPrecheckTargetDir decides the directory every scratch build uses. */
  targetDir: string | null;
  /** The project's own shared directory, `<project>/.verus-repair/cargo-target`: every scratch build's when target_dir is unset (the user's own crate's unless CARGO_TARGET_DIR is set). */
  defaultTargetDir: string;
  timeoutMs: number;
  offline: boolean;
  /**
   * Where the crate's own code (build scripts, tests, the spec-check harness) runs: `auto` = the
   * Docker container with the Docker runner, else bubblewrap when it can create namespaces, else
   * unsandboxed (said once per run); see src/verifier/sandbox/select-sandbox.ts.
   */
  sandbox: 'auto' | 'bwrap' | 'docker' | 'none';
}

/**
 * The validated verifier configuration with paths made absolute. Defaults are documented in
 * docs/verifier.md; every value can be overridden per run from the CLI.
 */
export interface VerifierConfig {
  /** `queue` sends each check to `verus-repair worker`s through Redis (see `queue`). */
  runner: 'docker' | 'local' | 'queue';
  verusPath: string;
  cargoPath: string;
  cargoVerusPath: string | null;
  rlimit: number;
  expandErrors: boolean;
  noCheating: boolean;
  timeoutMs: number;
  /** Bytes kept per stream (head and tail); the middle of longer output is replaced by a marker. */
  maxOutputBytes: number;
  cacheDir: string;
  /** The toolchain pin in force: verifier.pin_file, else the repository's verus-toolchain/pin.toml, else the package default. */
  pin: ResolvedPinFile;
  extraVerusArgs: string[];
  /** What a repair candidate's check verifies: the functions it changed, then the crate (`focused`), or always the crate. */
  scope: 'focused' | 'crate';
  /** Solver seeds a verified candidate's scope is re-verified under (0 = no stability check); docs/verifier.md. */
  stabilitySeeds: number;
  /** Names of extra host environment variables the local runner passes through (e.g. proxies). */
  passEnv: string[];
  docker: DockerLimits;
  precheck: PrecheckSettings;
  /** The `[queue]` table: read by the queue runner and by `verus-repair worker`. */
  queue: QueueSettings;
}
