import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { VerificationTarget } from '../../core/verifier.js';
import { parseVerusBytes, readRlimitAttribute } from '../../ir/index.js';
import { listVerificationInputs } from '../cache/list-verification-inputs.js';
import { nameForVerifyFunction } from '../scope/name-for-verify-function.js';
import { resolveFileModulePath } from '../scope/resolve-file-module-path.js';

/**
 * The functions of a crate that carry their own `#[verifier::rlimit(n)]`, by their path below the
 * crate as Verus names them in `function-breakdown[].function` (the friendly path, V
 * rust_verify/src/main.rs:400-402 and vir/src/ast_util.rs:397-404, minus its first segment, the
 * crate name): Verus gives such a function's queries that limit instead of the run's `--rlimit` (V
 * rust_verify/src/verifier.rs:1561-1562, release/0.2026.06.07.cd03505). Of several, the last
 * attribute is the one Verus keeps (attributes.rs:1457, one `vs.rlimit = Some(..)` per attribute in
 * order). Functions whose path cannot be told from the files (a `#[path]`, a trait default method)
 * are left out: they are measured against the run's limit.
 */
export async function readFunctionRlimits(target: VerificationTarget): Promise<Map<string, number>> {
  const limits = new Map<string, number>();
  if (target.kind === 'file') return limits;
  let inputs: string[];
  try {
    inputs = (await listVerificationInputs(target)).files.filter((file) => file.startsWith('src/') && file.endsWith('.rs'));
  } catch {
    return limits;
  }
  const files = new Map<string, Uint8Array>();
  for (const file of inputs) files.set(file, await readFile(path.join(target.crateDir, file)));
  for (const [file, bytes] of files) {
    if (!new TextDecoder().decode(bytes).includes('rlimit')) continue;
    const module = resolveFileModulePath(files, file);
    if (module.kind !== 'module') continue;
    const ir = await parseVerusBytes(bytes, { file, requireVerus: false }).catch(() => null);
    for (const fn of ir?.functions ?? []) {
      const values = fn.attributes.flatMap((attribute) => readRlimitAttribute(attribute.text));
      const name = ir === null || values.length === 0 ? null : nameForVerifyFunction(ir, fn);
      if (name !== null) limits.set([...module.segments, ...fn.modulePath, name].join('::'), values[values.length - 1]!);
    }
  }
  return limits;
}

/** `binary_search::lemma_a` (as Verus reports it) → `lemma_a`, the key readFunctionRlimits uses. */
export function pathBelowCrate(friendlyName: string): string {
  const separator = friendlyName.indexOf('::');
  return separator === -1 ? friendlyName : friendlyName.slice(separator + 2);
}
