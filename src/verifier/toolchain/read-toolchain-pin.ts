import { readFile } from 'node:fs/promises';
import { parse, TomlError } from 'smol-toml';
import type { z } from 'zod';
import { ConfigurationError } from '../../core/errors.js';
import { assetForRelease, toolchainPinSchema, tripleForRust, type ToolchainPin } from './toolchain-pin.js';

const EXAMPLES: Record<string, string> = {
  'verus.release': 'release = "0.2026.06.07.cd03505"',
  'verus.asset': 'asset = "verus-0.2026.06.07.cd03505-x86-linux.zip"',
  'verus.url': 'url = "https://github.com/verus-lang/verus/releases/download/release%2F0.2026.06.07.cd03505/verus-0.2026.06.07.cd03505-x86-linux.zip"',
  'verus.sha256': 'sha256 = "" (then run `verus-repair toolchain lock --zip verus-0.2026.06.07.cd03505-x86-linux.zip`)',
  'rust.toolchain': 'toolchain = "1.95.0"',
  'rust.triple': 'triple = "1.95.0-x86_64-unknown-linux-gnu"',
  'rustup.version': 'version = "1.28.2"',
  'rustup.sha256': 'sha256 = "<64 hex digits of rustup-init>"',
  'z3.version': 'version = "4.12.5"',
  'vstd.version': 'version = "=0.0.0-2026-05-31-0205"',
  'vstd.verus_builtin': 'verus_builtin = "=0.0.0-2026-05-17-0151" (vstd\'s own Cargo.toml on crates.io names it)',
  'vstd.verus_builtin_macros': 'verus_builtin_macros = "=0.0.0-2026-05-31-0205"',
  'vstd.verus_state_machines_macros': 'verus_state_machines_macros = "=0.0.0-2026-05-31-0205"',
  'image.base': 'base = "ubuntu:24.04@sha256:<64 hex digits>"',
  'image.repository': 'repository = "verus-repair/verus"',
};

/** Parses and validates pin text; every problem names the key, the expected form and an example. */
export function readToolchainPin(text: string, file: string): ToolchainPin {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    const where = error instanceof TomlError ? `${file}:${error.line}:${error.column}` : file;
    throw new ConfigurationError(`${where}: not valid TOML (${String((error as Error).message).split('\n')[0]})`);
  }
  const parsed = toolchainPinSchema.safeParse(document, { reportInput: true });
  if (!parsed.success) throw new ConfigurationError(parsed.error.issues.map((issue) => `${file}: ${describePinIssue(issue)}`).join('\n'));
  const pin = parsed.data;
  const problems: string[] = [];
  if (pin.verus.asset !== assetForRelease(pin.verus.release)) {
    problems.push(`verus.asset: expected "${assetForRelease(pin.verus.release)}" for release ${pin.verus.release}, received "${pin.verus.asset}"`);
  }
  if (!pin.verus.url.endsWith(`/${pin.verus.asset}`)) problems.push(`verus.url: expected a URL ending in /${pin.verus.asset}, received "${pin.verus.url}"`);
  if (pin.rust.triple !== tripleForRust(pin.rust.toolchain)) {
    problems.push(`rust.triple: expected "${tripleForRust(pin.rust.toolchain)}" for toolchain ${pin.rust.toolchain}, received "${pin.rust.triple}"`);
  }
  if (problems.length > 0) {
    throw new ConfigurationError(problems.map((problem) => `${file}: ${problem}. Change the pin with \`verus-repair toolchain pin --release X --rust Y --vstd Z --z3 W\``).join('\n'));
  }
  return pin;
}

/** Reads the pin file from disk (see readToolchainPin). */
export async function loadToolchainPin(file: string): Promise<ToolchainPin> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`cannot read the toolchain pin ${file}: ${(error as Error).message}. Set verifier.pin_file or restore verus-toolchain/pin.toml`);
  }
  return readToolchainPin(text, file);
}

function describePinIssue(issue: z.core.$ZodIssue): string {
  const key = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') return `${issue.keys.map((name) => (key === '' ? name : `${key}.${name}`)).join(', ')}: unknown key`;
  const received = 'input' in issue && issue.input !== undefined ? `received ${JSON.stringify(issue.input)}` : 'but it is missing';
  const expected = issue.code === 'invalid_format' && 'pattern' in issue ? `text matching ${String(issue.pattern)}` : issue.code === 'invalid_type' ? issue.expected : issue.message;
  return `${key}: expected ${expected}, ${received}. Example: ${EXAMPLES[key] ?? `[${key}]`}`;
}
