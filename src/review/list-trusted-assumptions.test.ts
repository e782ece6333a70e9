import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseVerusSource } from '../ir/index.js';
import { listTrustedAssumptions } from './list-trusted-assumptions.js';

describe('listTrustedAssumptions', () => {
  it('lists one of each trusted construct of the fixture, per item and line', async () => {
    const source = readFileSync(new URL('../../test/fixtures/review/trusted-base.rs', import.meta.url), 'utf8');
    const ir = await parseVerusSource(source, { file: 'src/lib.rs' });
    const found = listTrustedAssumptions(ir).map((entry) => `${entry.kind} ${entry.item} ${entry.line}`);
    expect(found).toEqual([
      'external-body read_clock 7',
      'external log_line 12',
      'assume-specification core::cmp::max::<u64> 16',
      'external-fn-specification ex_min 19',
      'admit-or-assume axiom_positive 29',
      'admit-or-assume assumed_bound 35',
      'uninterpreted-spec secret 38',
      'axiom axiom_secret 40',
      'truncate-cast low_byte 44',
      'unsafe-block raw_read 48',
      'rlimit hard_lemma 51',
    ]);
  });
});
