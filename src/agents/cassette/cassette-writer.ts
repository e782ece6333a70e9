import { closeSync, existsSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { AdapterError } from '../../core/errors.js';
import { scrubSecrets } from '../model/scrub-secrets.js';
import { canonicalJson } from './canonical-json.js';
import type { CassetteEntry } from './cassette-entry.js';
import { readBoundedLines } from './read-bounded-lines.js';

/**
 * Appends entries to a JSONL cassette, one complete line per write followed by fsync, so a crash
 * leaves only complete lines. Each line is scrubbed of the given secrets as a last line of defence
 * (requests and responses carry no headers, so nothing should ever be scrubbed). The path must have
 * passed validateCassettePath('record'): the writer creates no directories.
 */
export class CassetteWriter {
  private sequence = 0;
  private lines = 0;

  constructor(
    readonly path: string,
    private readonly secrets: readonly string[] = [],
    options: { maxLineBytes?: number } = {},
  ) {
    // Appending to an existing cassette continues its numbering, so start order stays unambiguous.
    // The existing lines are counted as a stream: the file is never read whole, nor rewritten.
    if (existsSync(path)) {
      for (const line of readBoundedLines(path, options.maxLineBytes)) {
        if (line.bytes.some((byte) => byte !== 0x20 && byte !== 0x09 && byte !== 0x0d)) this.sequence += 1;
      }
    }
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
    let descriptor: number | null = null;
    try {
      descriptor = openSync(this.path, 'a');
      writeSync(descriptor, line);
      fsyncSync(descriptor);
      this.lines += 1;
    } catch (error) {
      throw new AdapterError(`cannot append to the cassette ${this.path}: ${(error as Error).message}`, { cause: error });
    } finally {
      if (descriptor !== null) closeSync(descriptor);
    }
  }
}
