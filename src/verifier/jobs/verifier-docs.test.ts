import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCargoVerusOptions } from './build-verus-command.js';

const DOCS = readFileSync(new URL('../../../docs/verifier.md', import.meta.url), 'utf8');

describe('docs/verifier.md', () => {
  it('shows the cargo-verus command line the builder sends, for verify and focus', () => {
    const cargoPart = buildCargoVerusOptions(true).join(' ').replace('--offline', '[--offline]');
    expect(DOCS).toContain(`\`cargo verus verify ${cargoPart} -- <flags> --log-dir .verus-log/verus-repair-<nonce>`);
    expect(DOCS).toContain(`\`cargo verus focus ${cargoPart} -- <flags> --log-dir .verus-log/verus-repair-<nonce>`);
  });

  it('says what cargo verus runs at the pin: cargo check, never cargo build', () => {
    expect(DOCS).toMatch(/cargo-verus runs `cargo check` \(not `cargo build`\)/);
    expect(DOCS).not.toMatch(/forwards unknown options to `cargo build`|plain `verify` rejects partial selectors/);
  });

  it('labels the focused-verification saving as the fake\'s cost model, beside the figure', () => {
    const figure = DOCS.indexOf('7.0× less verifier time');
    expect(figure).toBeGreaterThan(-1);
    expect(DOCS.slice(figure, figure + 400)).toMatch(/fake's cost model \(40 ms per function[^)]*\)[^.]*not a measurement of Verus/);
  });
});

describe('docs/verifier.md on stability', () => {
  it('labels the stability check\'s cost figure as measured against the fake verifier, beside the figure', () => {
    const figure = DOCS.indexOf('2.70× for N = 3');
    expect(figure).toBeGreaterThan(-1);
    expect(DOCS.slice(figure, figure + 300)).toMatch(/measured against the fake verifier, a model of the harness[^.]*not a measurement of Verus/);
  });

  it('names the constant the margin divides by as Verus defines it', () => {
    expect(DOCS).toContain('R × 3,000,000 per query (`RLIMIT_PER_SECOND`, V verifier.rs:48');
  });
});
