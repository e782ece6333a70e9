import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../core/errors.js';
import { readModelConfig } from '../agents/index.js';
import { readVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { applyCrateChanges } from './apply-crate-changes.js';
import { planCrateChanges } from './plan-crate-changes.js';
import { parseCrateManifest } from './read-crate-manifest.js';
import { renderConfigTemplate } from './render-config-template.js';

const PINNED = '=0.0.0-2026-05-31-0205';

function fix(text: string): string {
  const manifest = parseCrateManifest(text, 'Cargo.toml');
  return applyCrateChanges(text, planCrateChanges(manifest, PINNED).changes, 'Cargo.toml');
}

describe('planCrateChanges and applyCrateChanges', () => {
  it('adds vstd and the verify flag to a crate without them, keeping everything else as written', () => {
    const text = '[package]\nname = "c" # ours\nversion = "0.1.0"\n\n[dependencies]\nserde = "1"\n\n[dev-dependencies]\nproptest = "1"\n';
    expect(planCrateChanges(parseCrateManifest(text, 'Cargo.toml'), PINNED).changes).toEqual([{ kind: 'add-vstd', requirement: PINNED }, { kind: 'enable-verify' }]);
    expect(fix(text)).toBe('[package]\nname = "c" # ours\nversion = "0.1.0"\n\n[dependencies]\nserde = "1"\nvstd = "=0.0.0-2026-05-31-0205"\n\n[dev-dependencies]\nproptest = "1"\n\n[package.metadata.verus]\nverify = true\n');
  });

  it('creates [dependencies] when there is none, and turns verify = false into true', () => {
    const fixed = fix('[package]\nname = "c"\nversion = "0.1.0"\n\n[package.metadata.verus]\nverify = false\n');
    expect(parseCrateManifest(fixed, 'Cargo.toml')).toMatchObject({ vstd: { kind: 'version', requirement: PINNED }, verifyEnabled: true });
    expect(fixed.match(/verify/g)).toHaveLength(1);
  });

  it('sets the exact pinned version in a string or inline-table vstd, keeping its other keys', () => {
    expect(fix('[package]\nname = "c"\n[dependencies]\nvstd = "0.0.0-2026-05-31-0205"\n[package.metadata.verus]\nverify = true\n')).toContain(`vstd = "${PINNED}"\n`);
    expect(fix('[package]\nname = "c"\n[dependencies]\nvstd = { version = "0.0.0-2026-01-04-0100", default-features = false }\n')).toContain(`vstd = { version = "${PINNED}", default-features = false }`);
  });

  it('asks for nothing when the crate matches the pin, and only notes a path vstd', () => {
    const ready = '[package]\nname = "c"\n[dependencies]\nvstd = "= 0.0.0-2026-05-31-0205"\n[package.metadata.verus]\nverify = true\n';
    expect(planCrateChanges(parseCrateManifest(ready, 'Cargo.toml'), PINNED)).toEqual({ changes: [], notes: [] });
    const local = planCrateChanges(parseCrateManifest('[package]\nname = "c"\n[dependencies]\nvstd = { path = "../verus/source/vstd" }\n[package.metadata.verus]\nverify = true\n', 'Cargo.toml'), PINNED);
    expect(local.changes).toEqual([]);
    expect(local.notes[0]).toContain('vstd comes from path ../verus/source/vstd');
  });

  it('refuses a multi-line vstd table rather than guess, and names the file and position of bad TOML', () => {
    expect(() => fix('[package]\nname = "c"\n[dependencies.vstd]\nversion = "0.0.0-2026-01-04-0100"\n')).toThrow(ConfigurationError);
    expect(() => parseCrateManifest('[package\nname = "c"\n', '/x/Cargo.toml')).toThrow(/^\/x\/Cargo\.toml:1:\d+: not valid TOML/);
    expect(() => parseCrateManifest('[workspace]\nmembers = ["a"]\n', '/x/Cargo.toml')).toThrow(/no \[package\] with a name/);
  });
});

describe('the verus-repair.toml init writes', () => {
  it('is read by the model and verifier readers without an error or warning, and holds every section', () => {
    const text = renderConfigTemplate();
    expect(readVerifierConfig(text, 'verus-repair.toml', '/repo')).toMatchObject({ errors: [], warnings: [] });
    expect(readModelConfig(text, 'verus-repair.toml', {}, { needsApiKey: false })).toMatchObject({ errors: [], config: { name: 'gpt-4o-mini' } });
    for (const section of ['[model]', '[verifier]', '# [review]', '# [queue]']) expect(text).toContain(section);
    // Uncommented, every commented key line must still be valid in its table.
    const uncommented = text.replace(/^# (\[queue\]|url|name = "verus-repair"|job_timeout|attempts|lock_duration)/gm, '$1');
    expect(readVerifierConfig(uncommented, 'verus-repair.toml', '/repo').errors).toEqual([]);
  });
});
