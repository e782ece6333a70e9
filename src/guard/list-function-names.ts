import { parseVerusBytes } from '../ir/index.js';

/** The qualified names of the functions inside `verus!` in these files, in file and source order (unparseable input throws InputError). */
export async function listFunctionNames(files: ReadonlyArray<{ path: string; bytes: Uint8Array }>): Promise<string[]> {
  const names: string[] = [];
  for (const { path, bytes } of files) {
    const ir = await parseVerusBytes(bytes, { file: path, requireVerus: false });
    for (const fn of ir.functions) if (fn.insideVerus && !names.includes(fn.qualifiedName)) names.push(fn.qualifiedName);
  }
  return names;
}
