import { expandUseTree, leafName, type FunctionItem, type VerusFileIr } from '../../ir/index.js';
import type { Adaptation } from '../translate/adaptation.js';
import { snakeCase, specTypeOfExec } from './exec-type.js';
import { macroSafeName } from './macro-safe-name.js';
import { parseSpecType } from '../syntax/parse-spec-expression.js';
import { readStructDefinitions, type StructDefinition } from './read-struct-definitions.js';
import { resolveSpecType, type SpecScope, type SpecSignature, type SpecStructShape } from './spec-scope.js';
import { SpecTranslationRefusal } from '../syntax/spec-syntax.js';
import { storageTypeText, type SpecType } from './spec-type.js';
import { structMirrorBuilder, structMirrorText } from '../harness/struct-harness-code.js';
import { translateSpecText } from '../translate/translate-spec-text.js';

/** An item the harness may copy for the macro: a spec fn of the crate, or a struct's mirror. */
export interface SpecFunctionSource {
  /** Its key: the spec fn's name, `Type::name` for one declared in an impl, `struct Name` for a struct's mirror. */
  name: string;
  file: string;
  line: number;
  /** The item's text for the macro, or why it cannot be one. */
  source: Adaptation;
  /** The keys of the entries it uses. */
  calls: string[];
  signature?: SpecSignature;
  structure?: StructDefinition;
  /** Plain Rust emitted after its macro block (a struct's mirror builder). */
  glue?: string;
  /** For a name the crate imports from vstd (key `use <name>`): the path it stands for. Not an item to copy. */
  imported?: string[];
}

/**
 * Every non-generic spec fn with a body inside verus! (free, or in an inherent or trait impl of a
 * struct) and every struct, by key, translated for the macro: the ones the checked clauses may use.
 * A spec fn is copied with int/nat as i128 and its body typed (translateSpecText); each call of a
 * copy enters a frame (exec_vr_enter) that bounds recursion depth and the number of calls.
 */
export function collectSpecFunctions(files: readonly VerusFileIr[]): Map<string, SpecFunctionSource> {
  const structs = readStructDefinitions(files);
  const shapes = structShapes(structs);
  const found = new Map<string, SpecFunctionSource>();
  for (const definition of structs.values()) found.set(`struct ${definition.name}`, mirrorSource(definition, shapes));
  for (const ir of files) for (const entry of vstdImports(ir)) found.set(entry.name, entry);
  const imports = importedNames(found.values());
  const candidates = files.flatMap((ir) => ir.functions.filter((fn) => fn.baseMode === 'spec' && fn.insideVerus && (fn.owner === null || fn.owner.kind === 'impl')).map((fn) => ({ ir, fn, key: specKey(fn) })));
  // A clause names a spec fn by its name only: two of one name (in two modules) cannot be told apart.
  const twice = new Set(candidates.filter((candidate, position) => candidates.findIndex((other) => other.key === candidate.key) !== position).map(({ key }) => key));
  const signatures = new Map(candidates.map(({ fn, key }) => [key, twice.has(key) ? `two spec fns are named ${key}; a clause names a spec fn by its name only` : readSignature(fn, key, shapes)] as const));
  const functions = new Map([...signatures].flatMap(([key, signature]) => (typeof signature === 'string' ? [] : [[key, signature] as const])));
  const unavailable = new Map([...signatures].flatMap(([key, signature]) => (typeof signature === 'string' ? [[key, signature] as const] : [])));
  for (const { ir, fn, key } of candidates) {
    const signature = signatures.get(key)!;
    const base = { name: key, file: ir.file, line: fn.nameSpan.lineStart };
    const external = fn.attributes.some((attribute) => attribute.name === 'verifier::external_body' || attribute.name === 'verifier::external');
    if (fn.body === null || external) { found.set(key, { ...base, source: { ok: false, reason: `spec fn ${key} has no body (uninterpreted)${external ? ': its body is external_body, so Verus leaves its value unspecified' : ''}` }, calls: [] }); continue; }
    if (typeof signature === 'string') { found.set(key, { ...base, source: { ok: false, reason: signature }, calls: [] }); continue; }
    const variables = new Map(fn.parameters.map((parameter, position) => [parameter.isSelf ? 'self' : parameter.name, { text: parameter.isSelf ? 'vr_self' : macroSafeName(parameter.name), type: signature.parameters[position]! }]));
    const scope: SpecScope = { variables, oldNames: new Map(), functions, structs: shapes, unavailable, imports };
    const body = translateSpecText(ir.source.sliceBytes(fn.body.span.byteStart + 1, fn.body.span.byteEnd - 1), scope, signature.result, signature.emittedName);
    const structsUsed = [...signature.parameters, signature.result].flatMap(structsIn).map((name) => `struct ${name}`);
    if (!body.ok) { found.set(key, { ...base, source: { ok: false, reason: `spec fn ${key}: ${body.reason}` }, calls: [], signature }); continue; }
    const parameters = fn.parameters.map((parameter, position) => `${parameter.isSelf ? 'vr_self' : macroSafeName(parameter.name)}: ${storageTypeText(signature.parameters[position]!)}`);
    const text = `spec fn ${signature.emittedName}(${parameters.join(', ')}) -> ${storageTypeText(signature.result)} {\n    let vr_frame = vr_enter();\n    ${body.text}\n}`;
    const lifted = body.lifted === undefined ? {} : { glue: body.lifted.glue.join('') };
    found.set(key, { ...base, source: { ok: true, text: [...(body.lifted?.items ?? []), text].join('\n') }, calls: [...new Set([...(body.calls ?? []), ...structsUsed])].sort(), signature, ...lifted });
  }
  return found;
}

/** The crate's part of a clause's scope: the spec fns it may call and the structs it may read, from collectSpecFunctions. */
export function crateSpecScope(specFunctions: ReadonlyMap<string, SpecFunctionSource>): Pick<SpecScope, 'functions' | 'structs' | 'unavailable' | 'imports'> {
  const entries = [...specFunctions.values()];
  return {
    functions: new Map(entries.flatMap((entry) => (entry.signature === undefined ? [] : [[entry.name, entry.signature] as const]))),
    structs: structShapes(new Map(entries.flatMap((entry) => (entry.structure === undefined ? [] : [[entry.structure.name, entry.structure] as const])))),
    unavailable: new Map(entries.flatMap((entry) => (entry.signature === undefined && entry.structure === undefined && entry.imported === undefined && !entry.source.ok ? [[entry.name, entry.source.reason] as const] : []))),
    imports: importedNames(entries),
  };
}

/** The names of `spec` functions a text calls (for texts that did not go through the typed translation). */
export function findCalls(text: string, names: readonly string[]): string[] {
  return names.filter((name) => new RegExp(String.raw`(?<![\w.:])${name}\s*\(`).test(text));
}

/** The structs a type mentions (their mirrors must be in the harness). */
export function structsIn(type: SpecType): string[] {
  switch (type.kind) {
    case 'struct': return [type.name];
    case 'seq': return structsIn(type.element);
    case 'option': return structsIn(type.inner);
    case 'tuple': return type.elements.flatMap(structsIn);
    default: return [];
  }
}

function specKey(fn: FunctionItem): string {
  return fn.owner?.kind === 'impl' ? `${ownerName(fn.owner.selfType)}::${fn.name}` : fn.name;
}

function ownerName(selfType: string): string {
  return selfType.replace(/<[\s\S]*$/, '').split('::').pop()!.trim();
}

function readSignature(fn: FunctionItem, key: string, structs: ReadonlyMap<string, SpecStructShape>): SpecSignature | string {
  if (fn.generics !== null || fn.whereClause !== null) return `spec fn ${key} is generic; the macro compiles only non-generic spec fns`;
  const owner = fn.owner?.kind === 'impl' ? fn.owner.selfType : null;
  if (owner !== null && /</.test(owner)) return `spec fn ${key} is in a generic impl`;
  if (owner === null && /[A-Z]/.test(fn.name)) return `spec fn ${key}: its name has capital letters, which vstd's macro takes for a struct or enum`;
  // `decreases .. when c`: Verus defines the body only where c holds, and leaves the value unspecified elsewhere.
  if (fn.clauses.some((clause) => clause.kind === 'when')) return `spec fn ${key}: its decreases has a when condition, outside which Verus leaves its value unspecified`;
  const selfType = owner === null ? null : ownerName(owner);
  try {
    const parameters = fn.parameters.map((parameter) => {
      if (parameter.isSelf) {
        if (selfType === null || !structs.has(selfType)) throw new SpecTranslationRefusal(`its receiver is a ${selfType ?? 'non-struct'}, which check-spec cannot mirror${selfType === null ? '' : ` (${selfType} is not a struct whose fields it can generate)`}`);
        return { kind: 'struct', name: selfType } as const;
      }
      if (!/^[a-z_]\w*$/.test(parameter.name)) throw new SpecTranslationRefusal(`parameter ${parameter.name} is a pattern`);
      return resolveSpecType(parseSpecType(parameter.type?.text ?? ''), structs, selfType);
    });
    if (fn.returnValue === null) throw new SpecTranslationRefusal('it has no result type');
    const result = resolveSpecType(parseSpecType(fn.returnValue.type.text), structs, selfType);
    return { key, emittedName: selfType === null ? fn.name : `vr_${snakeCase(selfType)}_${fn.name}`, parameters, result, method: fn.parameters[0]?.isSelf === true };
  } catch (error) {
    if (error instanceof SpecTranslationRefusal) return `spec fn ${key}: ${error.message}`;
    throw error;
  }
}

function structShapes(structs: ReadonlyMap<string, StructDefinition>): Map<string, SpecStructShape> {
  const shapes = new Map<string, SpecStructShape>();
  for (const definition of structs.values()) {
    if (definition.fields.ok) shapes.set(definition.name, { name: definition.name, fields: new Map(definition.fields.list.map((field) => [field.name, specTypeOfExec(field.type)])) });
  }
  return shapes;
}

function mirrorSource(definition: StructDefinition, shapes: ReadonlyMap<string, SpecStructShape>): SpecFunctionSource {
  const base = { name: `struct ${definition.name}`, file: definition.file, line: definition.line, calls: [], structure: definition };
  if (!definition.fields.ok) return { ...base, source: { ok: false, reason: definition.fields.reason } };
  if (/^[a-z]/.test(definition.name) || !shapes.has(definition.name)) return { ...base, source: { ok: false, reason: `struct ${definition.name}: a lowercase name, which vstd's macro takes for a function` } };
  const type = { kind: 'struct' as const, name: definition.name, path: definition.path, fields: definition.fields.list };
  return { ...base, source: { ok: true, text: structMirrorText(type) }, glue: structMirrorBuilder(type) };
}

/** The names a file imports from vstd by path (`use vstd::math::abs as vabs;`), as entries keyed `use <name>`: a clause may call vstd's spec fns by them. */
function vstdImports(ir: VerusFileIr): SpecFunctionSource[] {
  return ir.items.flatMap((item) => (item.kind === 'use' ? expandUseTree(item.name) : []))
    .filter((leaf) => leaf.path[0] === 'vstd' && !leaf.path.includes('*'))
    .map((leaf) => ({ name: `use ${leafName(leaf)}`, file: ir.file, line: 0, source: { ok: false as const, reason: `an import of ${leaf.path.join('::')}` }, calls: [], imported: leaf.path }));
}

/** The names the crate imports from vstd, from the `use <name>` entries, with the paths they stand for. */
function importedNames(entries: Iterable<SpecFunctionSource>): Map<string, readonly string[]> {
  return new Map([...entries].flatMap((entry) => (entry.imported === undefined ? [] : [[entry.name.slice('use '.length), entry.imported] as const])));
}
