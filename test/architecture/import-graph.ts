import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of a source file of `src/` (tests left out): the file and the file it imports, both relative to `src/`. */
export interface ImportEdge {
  from: string;
  to: string;
  /** `import type` / `export type`: erased at run time, still a dependency of the design. */
  typeOnly: boolean;
}

/** The non-test `.ts` files under `root` (relative paths, sorted). */
export function listSourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) found.push(path.relative(root, full));
    }
  };
  walk(root);
  return found.sort();
}

/** Every relative import and re-export of the files under `root`, read with the TypeScript compiler's parser. */
export function readImportGraph(root: string): { files: string[]; edges: ImportEdge[] } {
  const files = listSourceFiles(root);
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      let specifier: ts.Expression | undefined;
      let typeOnly = false;
      if (ts.isImportDeclaration(node)) {
        specifier = node.moduleSpecifier;
        typeOnly = node.importClause?.isTypeOnly === true;
      } else if (ts.isExportDeclaration(node)) {
        specifier = node.moduleSpecifier;
        typeOnly = node.isTypeOnly;
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        specifier = node.arguments[0];
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        specifier = node.argument.literal;
        typeOnly = true;
      }
      if (specifier !== undefined && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
        const target = path.normalize(path.join(path.dirname(file), specifier.text)).replace(/\.js$/, '.ts');
        if (known.has(target)) edges.push({ from: file, to: target, typeOnly });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { files, edges };
}

/** A file's room: the top folder of `src/` it is in. */
export function roomOf(file: string): string {
  const [top, ...rest] = file.split(path.sep);
  return rest.length === 0 ? '(root)' : top!;
}

/** The strongly connected groups of more than one node (Tarjan), each sorted: the circles of a graph. */
export function findCircles(nodes: readonly string[], edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
