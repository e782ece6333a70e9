import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCircles, readImportGraph, roomOf } from './import-graph.js';
import { MAXIMUM_FILES_PER_FOLDER, ROOM_ORDER } from './room-order.js';

const SOURCE_ROOT = path.resolve(import.meta.dirname, '..', '..', 'src');
const { files, edges } = readImportGraph(SOURCE_ROOT);
const rank = new Map<string, number>(ROOM_ORDER.map((room, position) => [room, position]));

describe('the house (docs/architecture.md)', () => {
  it('places every room of src/ in the room order', () => {
    const rooms = [...new Set(files.map(roomOf))].sort();
    expect(rooms.filter((room) => !rank.has(room))).toEqual([]);
  });

  it('has no room importing a room above it', () => {
    const upward = edges.filter((edge) => rank.get(roomOf(edge.from))! < rank.get(roomOf(edge.to))!).map((edge) => `${edge.from} -> ${edge.to}`);
    expect(upward).toEqual([]);
  });

  it('has no circle of imports between files', () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of edges) graph.set(edge.from, new Set([...(graph.get(edge.from) ?? []), edge.to]));
    expect(findCircles(files, graph)).toEqual([]);
  });

  it(`has no folder holding more than ${MAXIMUM_FILES_PER_FOLDER} source files directly`, () => {
    const crowded: string[] = [];
    const walk = (directory: string) => {
      const entries = readdirSync(directory, { withFileTypes: true });
      const count = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')).length;
      if (count > MAXIMUM_FILES_PER_FOLDER) crowded.push(`${path.relative(SOURCE_ROOT, directory)}: ${count}`);
      for (const entry of entries) if (entry.isDirectory()) walk(path.join(directory, entry.name));
    };
    walk(SOURCE_ROOT);
    expect(crowded).toEqual([]);
  });
});

describe('findCircles', () => {
  it('finds each strongly connected group once and leaves a chain alone', () => {
    const graph = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])], ['e', new Set(['e'])]]);
    expect(findCircles(['a', 'b', 'c', 'd', 'e'], graph)).toEqual([['a', 'b', 'c']]);
  });
});
