import { describe, expect, it } from 'vitest';
import { readSpecCheckConfig } from './read-spec-check-config.js';

describe('readSpecCheckConfig', () => {
  it('defaults the memory cap to 1024 MiB and reads memory_mb', () => {
    expect(readSpecCheckConfig('', 'v.toml').config).toEqual({ memoryMb: 1024 });
    expect(readSpecCheckConfig('[spec_check]\nmemory_mb = 64\n', 'v.toml').config).toEqual({ memoryMb: 64 });
  });

  it('names the key, the bound and an example for a value out of range, of the wrong type, or an unknown key', () => {
    expect(readSpecCheckConfig('[spec_check]\nmemory_mb = 0\n', 'v.toml').errors).toEqual(['v.toml: spec_check.memory_mb: expected a value >= 16, received 0. Example: memory_mb = 512']);
    expect(readSpecCheckConfig('[spec_check]\nmemory_mb = "1G"\n', 'v.toml').errors).toEqual(['v.toml: spec_check.memory_mb: expected number, received "1G". Example: memory_mb = 512']);
    expect(readSpecCheckConfig('[spec_check]\nmemory = 64\n', 'v.toml').errors).toEqual(['v.toml: spec_check.memory: unknown key. Example: memory_mb = 512']);
  });
});
