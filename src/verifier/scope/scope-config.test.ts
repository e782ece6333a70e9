import { describe, expect, it } from 'vitest';
import { readVerifierConfig } from '../config/read-verifier-config.js';

describe('[verifier] scope', () => {
  it('defaults to focused, accepts crate, and names the key with an example for anything else', () => {
    expect(readVerifierConfig('', '/r/verus-repair.toml', '/r').config?.scope).toBe('focused');
    expect(readVerifierConfig('[verifier]\nscope = "crate"\n', '/r/verus-repair.toml', '/r').config?.scope).toBe('crate');
    const bad = readVerifierConfig('[verifier]\nscope = "module"\n', '/r/verus-repair.toml', '/r');
    expect(bad.config).toBeNull();
    expect(bad.errors.join('\n')).toMatch(/verifier\.scope.*scope = "crate"/s);
  });
});
