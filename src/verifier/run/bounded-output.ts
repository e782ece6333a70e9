import type { CapturedOutput } from './process-outcome.js';

/**
 * Collects a stream while keeping memory bounded: the first half of the budget as the head, the
 * last half as the tail, and a count of what was dropped in between. Verus prints its result
 * document last, so the tail matters as much as the head.
 */
export class BoundedOutput {
  private readonly headLimit: number;
  private readonly tailLimit: number;
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private totalBytes = 0;

  constructor(maxBytes: number) {
    this.headLimit = Math.floor(maxBytes / 2);
    this.tailLimit = maxBytes - this.headLimit;
  }

  append(chunk: Buffer): void {
    this.totalBytes += chunk.length;
    let rest = chunk;
    if (this.headBytes < this.headLimit) {
      const taken = rest.subarray(0, this.headLimit - this.headBytes);
      this.head.push(taken);
      this.headBytes += taken.length;
      rest = rest.subarray(taken.length);
    }
    if (rest.length === 0) return;
    this.tail.push(rest);
    this.tailBytes += rest.length;
    this.trimTail();
  }

  finish(): CapturedOutput {
    const omittedBytes = this.totalBytes - this.headBytes - this.tailBytes;
    // Decode in one piece when nothing was dropped, so a character split across head and tail survives.
    if (omittedBytes === 0) return { text: Buffer.concat([...this.head, ...this.tail]).toString('utf8'), totalBytes: this.totalBytes, omittedBytes };
    const head = Buffer.concat(this.head).toString('utf8');
    const tail = Buffer.concat(this.tail).toString('utf8');
    return { text: `${head}\n[verus-repair: ${omittedBytes} bytes of output omitted]\n${tail}`, totalBytes: this.totalBytes, omittedBytes };
  }

  private trimTail(): void {
    while (this.tailBytes > this.tailLimit) {
      const first = this.tail[0];
      if (first === undefined) return;
      const excess = this.tailBytes - this.tailLimit;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailBytes -= first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailBytes -= excess;
      }
    }
  }
}
