import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { assertNever } from '../../core/assert-never.js';
import type { VerificationOptions, VerificationTarget } from '../../core/verifier.js';
import type { VerificationInputs } from './verification-inputs.js';

/**
 * Bump when the entry format or the key recipe changes: old entries then simply miss.
 * 2: entries carry the verdict's origin (format 1 stored only `provenance`, which said `real` for fakes).
 */
export const CACHE_FORMAT = 'verus-repair-cache/2';

/** Everything besides the sources that decides a verdict. The timeout is not here: timeouts are never cached. */
export interface VerdictSettings {
  target: VerificationTarget;
  options: VerificationOptions;
  /** Verifier.describeToolchain(): pin hash and image tag, or the local binaries. */
  toolchain: string;
  /** The pre-check policy the verdict was reached under (a verdict is only stored after it passed). */
  precheck: { enabled: boolean; test: boolean };
}

/**
 * sha256 over the canonical inputs: each file's relative path, length and bytes in sorted order,
 * then the toolchain description and the verifier arguments as canonical JSON. Paths of the crate
 * on disk are not part of it, so the same candidate in another temporary directory hits.
 */
export async function computeCacheKey(inputs: VerificationInputs, settings: VerdictSettings): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${CACHE_FORMAT}\0`);
  for (const file of inputs.files) {
    const bytes = await readFile(path.join(inputs.root, file));
    hash.update(`file\0${file}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  // What cargo reads outside the crate (a workspace's root manifest and lock, path dependencies): a change there changes the verdict's inputs too.
  for (const file of inputs.outside?.files ?? []) {
    const bytes = await readFile(file).catch(() => null);
    hash.update(`outside\0${file}\0${bytes === null ? 'missing' : bytes.length}\0`);
    if (bytes !== null) hash.update(bytes);
  }
  hash.update(`\0toolchain\0${settings.toolchain}\0arguments\0`);
  hash.update(JSON.stringify(describeArguments(inputs, settings)));
  return hash.digest('hex');
}

function describeArguments(inputs: VerificationInputs, settings: VerdictSettings): unknown {
  const { options } = settings;
  return {
    // Focused and whole-crate verdicts never answer each other: the scope is named, the target says what was selected.
    scope: settings.target.kind === 'module' || settings.target.kind === 'function' ? 'focused' : 'crate',
    target: describeTarget(inputs, settings.target),
    rlimit: options.rlimit,
    expandErrors: options.expandErrors,
    noCheating: options.noCheating,
    extraVerusArgs: options.extraVerusArgs,
    precheck: settings.precheck,
  };
}

function describeTarget(inputs: VerificationInputs, target: VerificationTarget): unknown {
  switch (target.kind) {
    case 'crate':
      return { kind: 'crate' };
    case 'module':
      return { kind: 'module', module: target.module };
    case 'function':
      return { kind: 'function', module: target.module, function: target.function };
    case 'file':
      return { kind: 'file', file: path.relative(inputs.root, path.resolve(target.filePath)).split(path.sep).join('/'), only: target.only ?? null };
    default:
      return assertNever(target, 'verification target');
  }
}
