import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { scrubSecrets } from '../model/scrub-secrets.js';
import { canonicalJson } from './canonical-json.js';
import type { CassetteEntry } from './cassette-entry.js';

/**
 * Appends entries to a JSONL cassette, one complete line per write followed by fsync, so a crash
 * leaves only complete lines. Each line is scrubbed of the given secrets as a last line of defence
 * (requests and responses carry no headers, so nothing should ever be scrubbed).
 */
export class CassetteWriter {
  private sequence = 0;
  private lines = 0;

  constructor(
    readonly path: string,
    private readonly secrets: readonly string[] = [],
  ) {
    mkdirSync(dirname(path), { recursive: true });
    // Appending to an existing cassette continues its numbering, so start order stays unambiguous.
    if (existsSync(path)) this.sequence = readFileSync(path, 'utf8').split('\n').filter((line) => line.trim() !== '').length;
    this.lines = this.sequence;
  }

  /** How many lines the cassette holds so far; the next entry lands on line `linesWritten() + 1`. */
  linesWritten(): number {
    return this.lines;
  }

  nextSequence(): number {
    const sequence = this.sequence;
    this.sequence += 1;
    return sequence;
  }

  append(entry: CassetteEntry): void {
    const line = `${scrubSecrets(canonicalJson(entry), this.secrets)}\n`;
    const descriptor = openSync(this.path, 'a');
    try {
      writeSync(descriptor, line);
      fsyncSync(descriptor);
      this.lines += 1;
    } finally {
      closeSync(descriptor);
    }
  }
}
