import { InputError } from '../../core/errors.js';

/**
 * A replayed run asked for something the cassette has no answer for, so it is not an exact
 * re-execution. An InputError (the cassette does not fit the run: exit 2, reason `cassette-miss`)
 * that names the request's digest and the nearest recorded request, with where they first differ.
 */
export class CassetteMissError extends InputError {
  readonly digest: string;
  readonly nearest: { digest: string; line: number; firstDifference: string | null } | null;

  constructor(cassettePath: string, digest: string, nearest: CassetteMissError['nearest'], detail: string) {
    const where = nearest === null ? 'the cassette is empty' : `nearest recorded request: ${nearest.digest} (line ${nearest.line}), first difference at ${nearest.firstDifference ?? '(none: all recorded answers for it were used)'}`;
    super('cassette-miss', `no recorded answer for request ${digest}${detail}; ${where}`, { file: cassettePath, line: nearest?.line ?? 1, column: 1 });
    this.digest = digest;
    this.nearest = nearest;
  }
}
