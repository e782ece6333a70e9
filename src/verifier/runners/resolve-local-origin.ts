import os from 'node:os';
import path from 'node:path';
import type { VerdictOrigin } from '../../core/verdict-origin.js';
import type { VerifierConfig } from '../config/verifier-config.js';
import { resolveExecutable } from './describe-local-toolchain.js';

/**
 * The origin of a local run: the program that did the verifying, found the way it was found, and the
 * version its own results document reported (a test fake reports `fake`). For `cargo verus` that
 * program is `cargo-verus`, which cargo looks up itself; a program not found keeps its configured name.
 */
export async function resolveLocalOrigin(tool: 'cargo-verus' | 'verus', config: VerifierConfig, env: Readonly<Record<string, string>>, verusVersion: string | null): Promise<VerdictOrigin> {
  const program = tool === 'verus' ? config.verusPath : (config.cargoVerusPath ?? 'cargo-verus');
  const searchPath = tool === 'verus' ? env['PATH'] : cargoSearchPath(env);
  return { kind: 'local', tool, program: (await resolveExecutable(program, searchPath)) ?? program, verusVersion };
}

/**
 * Where cargo looks for `cargo-<subcommand>`: PATH, with `$CARGO_HOME/bin` put first unless PATH
 * already names it. // C src/bin/cargo/main.rs:357-380 (0.96.0)
 */
function cargoSearchPath(env: Readonly<Record<string, string>>): string {
  const entries = (env['PATH'] ?? '').split(path.delimiter).filter((entry) => entry !== '');
  const homeBin = path.join(env['CARGO_HOME'] ?? path.join(env['HOME'] ?? os.homedir(), '.cargo'), 'bin');
  return (entries.includes(homeBin) ? entries : [homeBin, ...entries]).join(path.delimiter);
}
