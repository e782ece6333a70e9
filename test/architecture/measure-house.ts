import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { findCircles, readImportGraph, roomOf } from './import-graph.js';

/**
 * `npm run house`: the figures issue 28 asks for, from the source as it is: the circles between
 * rooms (top folders of src/) and inside them, each room's share of the non-test lines, and the
 * folders holding the most files directly.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'src');
const { files, edges } = readImportGraph(root);
const rooms = [...new Set(files.map(roomOf))].sort();
const between = new Map<string, Set<string>>();
for (const edge of edges) {
  const [from, to] = [roomOf(edge.from), roomOf(edge.to)];
  if (from !== to) between.set(from, new Set([...(between.get(from) ?? []), to]));
}
const fileEdges = new Map<string, Set<string>>();
for (const edge of edges) fileEdges.set(edge.from, new Set([...(fileEdges.get(edge.from) ?? []), edge.to]));
const roomCircles = findCircles(rooms, between);
const fileCircles = findCircles(files, fileEdges);
const lines = new Map<string, number>();
for (const file of files) lines.set(roomOf(file), (lines.get(roomOf(file)) ?? 0) + readFileSync(path.join(root, file), 'utf8').split('\n').length);
const total = [...lines.values()].reduce((sum, count) => sum + count, 0);
const folders: Array<[string, number]> = [];
const walk = (directory: string) => {
  const entries = readdirSync(directory, { withFileTypes: true });
  folders.push([path.relative(path.dirname(root), directory), entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')).length]);
  for (const entry of entries) if (entry.isDirectory()) walk(path.join(directory, entry.name));
};
walk(root);
console.log(`${files.length} source files, ${total} lines, ${rooms.length} rooms`);
console.log(`circles between rooms: ${roomCircles.length}${roomCircles.map((circle) => `\n  ${circle.join(' <-> ')}`).join('')}`);
console.log(`circles between files: ${fileCircles.length}${fileCircles.map((circle) => `\n  ${circle.join(' <-> ')}`).join('')}`);
console.log('rooms by share of the lines:');
for (const [room, count] of [...lines].sort((a, b) => b[1] - a[1])) console.log(`  ${room.padEnd(14)} ${String(count).padStart(6)}  ${((100 * count) / total).toFixed(1)}%`);
console.log('fullest folders (source files directly in them, tests left out):');
for (const [folder, count] of folders.sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  ${folder.padEnd(40)} ${count}`);
