import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';
import { findCloseNames } from '../guard/find-close-names.js';
import { listFunctionNames } from '../guard/list-function-names.js';
import { listVerificationInputs } from './cache/list-verification-inputs.js';
import { parseFunctionPath } from './parse-function-path.js';

/**
 * `verify --fn` names a function the target defines inside `verus!`: otherwise Verus would fail
 * on a selector that matches nothing, so this is the user's mistake (a ConfigurationError listing
 * close names) before any verifier runs. A path that is not there is left to verifyPath to report,
 * and files that do not parse are skipped (Verus reports them).
 */
export async function requireDefinedFunction(targetPath: string, functionPath: string): Promise<void> {
  const absolute = path.resolve(targetPath);
  const isDirectory = await stat(absolute).then((status) => status.isDirectory(), () => null);
  if (isDirectory === null) return;
  const inputs = await listVerificationInputs(isDirectory ? { kind: 'crate', crateDir: absolute } : { kind: 'file', filePath: absolute }).catch(() => null);
  if (inputs === null) return;
  const names: string[] = [];
  for (const file of inputs.files.filter((name) => name.endsWith('.rs'))) {
    const bytes = await readFile(path.join(inputs.root, file));
    names.push(...(await listFunctionNames([{ path: file, bytes }]).catch(() => [])));
  }
  const wanted = parseFunctionPath(functionPath, null).function;
  if (names.some((name) => name === wanted || name.endsWith(`::${wanted}`))) return;
  const close = findCloseNames(wanted, names);
  const hint = close.length > 0 ? `did you mean ${close.join(', ')}?` : names.length > 0 ? `functions: ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', ...' : ''}` : 'it defines no function inside verus!';
  throw new ConfigurationError(`--fn ${functionPath}: no function named ${wanted} in ${targetPath}; ${hint}`);
}
