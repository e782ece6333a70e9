import type { IrItem, StructItem, VerusFileIr } from '../../ir/index.js';
import type { ExecType } from './exec-type.js';
import { findAccessPoint } from '../harness/find-access-point.js';
import { parseExecType } from './parse-exec-type.js';
import { modulePathOfFile } from '../harness/module-path-of-file.js';
import { splitTopLevel } from '../syntax/split-top-level.js';

/** The most fields a generated struct value has: the runtime generates tuples of up to 4 values. */
const MAXIMUM_FIELDS = 4;

/** A struct of the crate: what the harness needs to generate values of it and to mirror it for the macro. */
export interface StructDefinition {
  name: string;
  file: string;
  line: number;
  /** `crate::module::Name`. */
  path: string;
  /** Its fields with their exec types, or why the harness cannot build values of it. */
  fields: { ok: true; list: Array<{ name: string; type: ExecType }> } | { ok: false; reason: string };
  /** Byte offset in `file` where code that sees its private fields goes (findAccessPoint). */
  accessPoint: number;
}

/** Every struct inside verus! in the crate, by name; two of the same name are both refused (a name is all a clause gives). */
export function readStructDefinitions(files: readonly VerusFileIr[]): Map<string, StructDefinition> {
  const found = new Map<string, StructDefinition>();
  for (const ir of files) {
    for (const item of structsOf(ir.items)) {
      const definition: StructDefinition = {
        name: item.name, file: ir.file, line: item.span.lineStart,
        path: ['crate', ...modulePathOfFile(ir.file), ...item.modulePath, item.name].join('::'),
        fields: readFields(ir, item), accessPoint: findAccessPoint(ir, item.span),
      };
      const twin = found.get(item.name);
      found.set(item.name, twin === undefined ? definition : { ...definition, fields: { ok: false, reason: `two structs are named ${item.name} (${twin.path}, ${definition.path}); a clause names a type by its name only` } });
    }
  }
  return found;
}

function structsOf(items: readonly IrItem[]): StructItem[] {
  return items.flatMap((item) => {
    if (item.kind === 'struct' && item.insideVerus) return [item];
    if (item.kind === 'module' && item.items !== null) return structsOf(item.items);
    return [];
  });
}

function readFields(ir: VerusFileIr, item: StructItem): StructDefinition['fields'] {
  if (item.generics !== null) return { ok: false, reason: `struct ${item.name} is generic` };
  const text = ir.source.sliceBytes(item.span.byteStart, item.span.byteEnd);
  const head = new RegExp(String.raw`\bstruct\s+${item.name}\s*([{(;])`).exec(text);
  if (head === null) return { ok: false, reason: `struct ${item.name}: its fields could not be read` };
  if (head[1] === ';') return { ok: true, list: [] };
  if (head[1] === '(') return { ok: false, reason: `struct ${item.name} is a tuple struct (only structs with named fields are generated)` };
  const body = text.slice(head.index + head[0].length, text.lastIndexOf('}')).replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '');
  const list: Array<{ name: string; type: ExecType }> = [];
  for (const field of splitTopLevel(body, (source, position) => (source[position] === ',' ? ',' : null)).parts.filter((part) => part !== '')) {
    const declaration = /^(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?(?:(ghost|tracked)\s+)?([A-Za-z_]\w*)\s*:\s*([\s\S]+)$/.exec(field.trim());
    if (declaration === null) return { ok: false, reason: `struct ${item.name}: field ${field.trim()} could not be read` };
    if (declaration[1] !== undefined) return { ok: false, reason: `struct ${item.name}: field ${declaration[2]} is ${declaration[1]}` };
    const parsed = parseExecType(declaration[3]!);
    if (!parsed.ok || parsed.passing !== 'value') return { ok: false, reason: `struct ${item.name}: field ${declaration[2]} has type ${declaration[3]!.trim()}, which has no generator` };
    list.push({ name: declaration[2]!, type: parsed.type });
  }
  if (list.length > MAXIMUM_FIELDS) return { ok: false, reason: `struct ${item.name} has ${list.length} fields (the harness generates structs of up to ${MAXIMUM_FIELDS})` };
  return { ok: true, list };
}
