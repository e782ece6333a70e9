import { ownedTypeText, specTypeOfExec, structMirrorFunction, structValueName, type ExecType } from '../types/exec-type.js';
import { storageTypeText } from '../types/spec-type.js';

type StructType = Extract<ExecType, { kind: 'struct' }>;

/** The generated value of a struct's fields: `()` for none, the field's type for one, a tuple for 2 to 4. */
export function fieldsTypeText(type: StructType): string {
  const types = type.fields.map((field) => ownedTypeText(field.type));
  return types.length === 1 ? types[0]! : `(${types.join(', ')})`;
}

function fieldAccess(type: StructType, holder: string, position: number): string {
  return type.fields.length === 1 ? holder : `${holder}.${position}`;
}

/**
 * Written into the struct's own module in the scratch copy (findAccessPoint), where its private
 * fields are visible: building the struct from generated fields, and reading them back (the
 * after-state of `&mut self`, a returned struct). Neither needs Clone or Debug of the user's type.
 */
export function structAccessCode(type: StructType): string {
  const build = type.fields.map((field, position) => `${field.name}: ${fieldAccess(type, 'fields', position)}`).join(', ');
  const read = type.fields.map((field) => `self.${field.name}.clone()`);
  return [
    '',
    '#[doc(hidden)]',
    `impl ${type.name} {`,
    `    pub fn vr_spec_check_from_fields(fields: ${fieldsTypeText(type)}) -> Self { ${type.name} { ${build} } }`,
    `    pub fn vr_spec_check_fields(&self) -> ${fieldsTypeText(type)} { ${read.length === 1 ? read[0] : `(${read.join(', ')})`} }`,
    '}',
    '',
  ].join('\n');
}

/** The harness's value type of a struct: its fields generated, shrunk and shown as the runtime does for a tuple. */
export function structValueCode(type: StructType): string {
  const name = structValueName(type.name);
  const inner = fieldsTypeText(type);
  const shown = type.fields.map((field) => `${field.name}: {}`).join(', ');
  const values = type.fields.map((_, position) => `runtime::Value::show(&${fieldAccess(type, 'self.0', position)})`).join(', ');
  return [
    '#[derive(Clone)]',
    `pub struct ${name}(pub ${inner});`,
    `impl runtime::Value for ${name} {`,
    `    fn small() -> Vec<Self> { <${inner} as runtime::Value>::small().into_iter().map(${name}).collect() }`,
    `    fn random(rng: &mut runtime::Rng) -> Self { ${name}(<${inner} as runtime::Value>::random(rng)) }`,
    `    fn shrink(&self) -> Vec<Self> { runtime::Value::shrink(&self.0).into_iter().map(${name}).collect() }`,
    `    fn show(&self) -> String { format!("${type.name} {{ ${shown} }}"${values === '' ? '' : `, ${values}`}) }`,
    '    fn size(&self) -> u128 { runtime::Value::size(&self.0) }',
    `    fn perturb(&self) -> Vec<Self> { runtime::Value::perturb(&self.0).into_iter().map(${name}).collect() }`,
    '}',
    '',
  ].join('\n');
}

/** The macro's mirror of the struct (its spec fields; Seq becomes Vec in the Exec- struct the macro derives). */
export function structMirrorText(type: StructType): string {
  const fields = type.fields.map((field) => `    pub ${field.name}: ${storageTypeText(specTypeOfExec(field.type))},`);
  return [`pub struct ${type.name} {`, ...fields, '}'].join('\n');
}

/** Builds the macro's Exec- mirror from the generated fields (after the mirror's macro block). */
export function structMirrorBuilder(type: StructType): string {
  const fields = type.fields.map((field, position) => `${field.name}: ${fieldAccess(type, 'f', position)}.clone()`).join(', ');
  return `pub fn ${structMirrorFunction(type.name)}(f: &${fieldsTypeText(type)}) -> Exec${type.name} { Exec${type.name} { ${fields} } }\n`;
}
