import type { SpecExpression } from '../syntax/spec-syntax.js';

/** Every single-segment path an expression mentions (variables, and the names of functions it calls). */
export function namesInSpecExpression(expression: SpecExpression): Set<string> {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const node = value as { kind?: string; segments?: string[] };
      if (node.kind === 'path' && node.segments?.length === 1) names.add(node.segments[0]!);
      Object.values(value).forEach(visit);
    }
  };
  visit(expression);
  return names;
}
