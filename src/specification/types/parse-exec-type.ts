import { INTEGER_TYPES, type ExecType, type Passing } from './exec-type.js';

export type ParsedParameterType = { ok: true; type: ExecType; passing: Passing } | { ok: false; reason: string };

/** The crate's structs by name (and `Self`, the impl's): a struct the harness can generate, or why it cannot. */
export type StructResolver = (name: string) => { ok: true; type: Extract<ExecType, { kind: 'struct' }> } | { ok: false; reason: string } | null;

const TOKEN = /\s*('[A-Za-z_]\w*|[A-Za-z_][\w:]*|\d+|&&|[&<>,;()[\]])/y;

/** Reads a parameter or return type as written (`&mut Vec<u64>`, `&[i32]`, `Option<(u8, bool)>`, a struct of the crate). */
export function parseExecType(text: string, structs: StructResolver = () => null): ParsedParameterType {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.trimEnd().length) {
    const match = TOKEN.exec(text);
    if (match === null) return { ok: false, reason: `type ${text} is not one the harness can generate` };
    tokens.push(match[1]!);
  }
  let passing: Passing = 'value';
  let position = 0;
  if (tokens[0] === '&') {
    position = tokens[1]?.startsWith("'") === true ? 2 : 1;
    passing = tokens[position] === 'mut' ? 'mutable' : 'shared';
    if (passing === 'mutable') position++;
    if (tokens[position] === '[' && !tokens.includes(';')) {
      const element = readType(tokens, position + 1, structs);
      if (element !== null && 'reason' in element) return { ok: false, reason: element.reason };
      if (element === null || tokens[element.next] !== ']' || element.next + 1 !== tokens.length) return unsupported(text);
      return { ok: true, type: { kind: 'vec', element: element.type }, passing };
    }
  }
  const read = readType(tokens, position, structs);
  if (read !== null && 'reason' in read) return { ok: false, reason: read.reason };
  if (read === null || read.next !== tokens.length) return unsupported(text);
  return { ok: true, type: read.type, passing };
}

function unsupported(text: string): ParsedParameterType {
  return { ok: false, reason: `type ${text.trim()} has no generator in the harness (supported: primitive integers, bool, char, String and &str, Vec, slices, fixed arrays, Option, tuples, structs of the crate with such fields, and references to them)` };
}

type Read = { type: ExecType; next: number } | { reason: string } | null;

function readType(tokens: string[], start: number, structs: StructResolver): Read {
  const head = tokens[start];
  if (head === undefined) return null;
  if (head === '(') {
    const elements: ExecType[] = [];
    let position = start + 1;
    while (tokens[position] !== ')') {
      const element = readType(tokens, position, structs);
      if (element === null || 'reason' in element) return element;
      elements.push(element.type);
      position = element.next;
      if (tokens[position] === ',') position++;
      else if (tokens[position] !== ')') return null;
    }
    return { type: elements.length === 0 ? { kind: 'unit' } : { kind: 'tuple', elements }, next: position + 1 };
  }
  const name = head.replace(/^(std::|alloc::)?(vec::|option::)?/, '');
  if ((INTEGER_TYPES as readonly string[]).includes(name)) return { type: { kind: 'int', name }, next: start + 1 };
  if (name === 'bool') return { type: { kind: 'bool' }, next: start + 1 };
  if (name === 'char') return { type: { kind: 'char' }, next: start + 1 };
  // `str` only behind a reference (the caller's `&`): the harness passes `&String` for it.
  if (name === 'String' || name === 'string::String' || (name === 'str' && start > 0 && tokens[start - 1] !== '<' && tokens[start - 1] !== ',')) return { type: { kind: 'string' }, next: start + 1 };
  if (head === '[') {
    // `[T; N]`: a fixed array, N a literal (a const generic has no single instance).
    const element = readType(tokens, start + 1, structs);
    if (element === null || 'reason' in element) return element;
    const length = tokens[element.next + 1];
    if (tokens[element.next] !== ';' || length === undefined || !/^\d+$/.test(length) || tokens[element.next + 2] !== ']') return null;
    if (Number(length) > 64) return { reason: `the array type [${tokens.slice(start + 1, element.next).join(' ')}; ${length}] is longer than the 64 elements the harness generates` };
    return { type: { kind: 'array', element: element.type, length: Number(length) }, next: element.next + 3 };
  }
  if ((name === 'Vec' || name === 'Option') && tokens[start + 1] === '<') {
    const inner = readType(tokens, start + 2, structs);
    if (inner !== null && 'reason' in inner) return inner;
    if (inner === null || tokens[inner.next] !== '>') return null;
    const type: ExecType = name === 'Vec' ? { kind: 'vec', element: inner.type } : { kind: 'option', inner: inner.type };
    return { type, next: inner.next + 1 };
  }
  const resolved = structs(name.split('::').pop()!);
  if (resolved === null || tokens[start + 1] === '<') return null;
  return resolved.ok ? { type: resolved.type, next: start + 1 } : { reason: resolved.reason };
}
