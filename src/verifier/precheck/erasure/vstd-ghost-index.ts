import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseVerusSource, type Attribute, type IrItem } from '../../../ir/index.js';

/**
 * Answers, from vstd's own source, whether a vstd path exists only when ghost code is kept: a module
 * on the path declared under `#[cfg(verus_keep_ghost)]` (vstd.rs: `std_specs`, `laws_eq`...), a spec or
 * proof fn or const inside `verus!` (erased outright: verus_builtin_macros syntax.rs:1442-1460), or a
 * `pub use` under `#[cfg(verus_keep_ghost)]` (prelude.rs re-exports `unreached`, `arbitrary`... only
 * then). A path vstd does not have at all is not explained: Verus would not find it either.
 */
export class VstdGhostIndex {
  private readonly modules = new Map<string, ModuleSource | null>();

  constructor(private readonly vstdDir: string) {}

  /** Why `vstd::<segments>` is missing from an erased build (one line, citing vstd's file and line), or null. */
  async explainPath(segments: readonly string[]): Promise<string | null> {
    let module = await this.readModule([]);
    for (const [position, segment] of segments.entries()) {
      if (module === null) return null;
      const last = position === segments.length - 1;
      const declared = module.items.find((item) => item.kind === 'module' && item.name === segment);
      if (declared !== undefined) {
        if (isVerusOnly(declared.attributes)) return `vstd::${segments.slice(0, position + 1).join('::')} is declared under #[cfg(verus_keep_ghost)] (vstd/${module.file}:${declared.span.lineStart})`;
        module = declared.kind === 'module' && declared.items !== null ? { ...module, items: declared.items } : await this.readModule(segments.slice(0, position + 1));
        continue;
      }
      return last ? this.explainItem(module, segment, `vstd::${segments.join('::')}`) : null;
    }
    return null;
  }

  /** Why `name`, glob-imported from `vstd::<modulePath>::*`, is missing from an erased build, or null. */
  async explainGlobName(modulePath: readonly string[], name: string): Promise<string | null> {
    const module = await this.readModule(modulePath);
    return module === null ? null : this.explainItem(module, name, name);
  }

  private explainItem(module: ModuleSource, name: string, shown: string): string | null {
    for (const item of module.items) {
      const where = `vstd/${module.file}:${item.span.lineStart}`;
      if (item.kind === 'function' && item.name === name && item.owner === null && item.insideVerus && item.baseMode !== 'exec') return `${shown} is a ${item.baseMode} fn, which the erased verus! macro drops (${where})`;
      if (item.kind === 'const' && item.name === name && item.insideVerus && /\b(spec|proof)\b/.test(item.mode)) return `${shown} is a ${item.mode} const, which the erased verus! macro drops (${where})`;
      if (item.kind === 'use' && isVerusOnly(item.attributes) && item.paths.some((entry) => namesIn(entry).includes(name))) return `${shown} is re-exported only under #[cfg(verus_keep_ghost)] (${where})`;
    }
    return null;
  }

  private async readModule(segments: readonly string[]): Promise<ModuleSource | null> {
    const key = segments.join('::');
    if (!this.modules.has(key)) this.modules.set(key, await this.parseModule(segments));
    return this.modules.get(key) ?? null;
  }

  private async parseModule(segments: readonly string[]): Promise<ModuleSource | null> {
    const candidates = segments.length === 0 ? ['vstd.rs'] : [`${segments.join('/')}.rs`, `${segments.join('/')}/mod.rs`];
    const file = candidates.find((candidate) => existsSync(path.join(this.vstdDir, candidate)));
    if (file === undefined) return null;
    try {
      const ir = await parseVerusSource(readFileSync(path.join(this.vstdDir, file), 'utf8'), { file, requireVerus: false });
      return { file, items: ir.items };
    } catch {
      return null;
    }
  }
}

const indexes = new Map<string, VstdGhostIndex>();

/** The index of the vstd source at `vstdDir`, one per directory for the process: its modules are parsed once, whoever asks. */
export function vstdGhostIndexFor(vstdDir: string): VstdGhostIndex {
  let index = indexes.get(vstdDir);
  if (index === undefined) {
    index = new VstdGhostIndex(vstdDir);
    indexes.set(vstdDir, index);
  }
  return index;
}

interface ModuleSource {
  file: string;
  items: IrItem[];
}

function isVerusOnly(attributes: readonly Attribute[]): boolean {
  return attributes.some((attribute) => attribute.name === 'cfg' && /^\s*verus_keep_ghost\s*$/.test(attribute.arguments ?? ''));
}

/** The names a use tree entry brings in: `super::pervasive::{affirm, arbitrary}` gives affirm, arbitrary. */
export function namesIn(useTree: string): string[] {
  return useTree.split(/[{},\s]+/).map((part) => part.split('::').at(-1) ?? '').map((part) => part.replace(/^.*\sas\s+/, '')).filter((part) => /^[A-Za-z_]\w*$/.test(part));
}
