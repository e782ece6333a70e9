import { INTEGER_TYPES, type ExecType, type Passing } from './exec-type.js';

export type ParsedParameterType = { ok: true; type: ExecType; passing: Passing } | { ok: false; reason: string };

const TOKEN = /\s*('[A-Za-z_]\w*|[A-Za-z_][\w:]*|&&|[&<>,()[\]])/y;

/** Reads a parameter or return type as written (`&mut Vec<u64>`, `&[i32]`, `Option<(u8, bool)>`). */
export function parseExecType(text: string): ParsedParameterType {
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
    if (tokens[position] === '[') {
      const element = readType(tokens, position + 1);
      if (element === null || tokens[element.next] !== ']' || element.next + 1 !== tokens.length) return unsupported(text);
      return { ok: true, type: { kind: 'vec', element: element.type }, passing };
    }
  }
  const read = readType(tokens, position);
  if (read === null || read.next !== tokens.length) return unsupported(text);
  return { ok: true, type: read.type, passing };
}

function unsupported(text: string): ParsedParameterType {
  return { ok: false, reason: `type ${text.trim()} has no generator in the harness (supported: primitive integers, bool, Vec, slices, Option, tuples, and references to them)` };
}

function readType(tokens: string[], start: number): { type: ExecType; next: number } | null {
  const head = tokens[start];
  if (head === undefined) return null;
  if (head === '(') {
    const elements: ExecType[] = [];
    let position = start + 1;
    while (tokens[position] !== ')') {
      const element = readType(tokens, position);
      if (element === null) return null;
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
  if ((name === 'Vec' || name === 'Option') && tokens[start + 1] === '<') {
    const inner = readType(tokens, start + 2);
    if (inner === null || tokens[inner.next] !== '>') return null;
    const type: ExecType = name === 'Vec' ? { kind: 'vec', element: inner.type } : { kind: 'option', inner: inner.type };
    return { type, next: inner.next + 1 };
  }
  return null;
}
