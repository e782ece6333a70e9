import { describe, expect, it } from 'vitest';
import { readGuardConfig } from './read-guard-config.js';

describe('readGuardConfig', () => {
  it('defaults allow_rlimit_increase to false and reads true', () => {
    expect(readGuardConfig('', 'verus-repair.toml')).toEqual({ config: { allowRlimitIncrease: false }, errors: [] });
    expect(readGuardConfig('[guard]\nallow_rlimit_increase = true\n', 'verus-repair.toml').config).toEqual({ allowRlimitIncrease: true });
  });

  it('names the key, what it expected and an example for a wrong value or an unknown key', () => {
    const wrong = readGuardConfig('[guard]\nallow_rlimit_increase = "yes"\n', 'verus-repair.toml');
    expect(wrong.config).toBeNull();
    expect(wrong.errors[0]).toMatch(/^verus-repair\.toml: guard\.allow_rlimit_increase: expected boolean, received "yes"\. Example: allow_rlimit_increase = false$/);
    expect(readGuardConfig('[guard]\nallow_rlimit = true\n', 'verus-repair.toml').errors[0]).toMatch(/guard\.allow_rlimit: unknown key/);
  });
});
