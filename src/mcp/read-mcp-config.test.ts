import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_LIMITS, readMcpConfig } from './read-mcp-config.js';

describe('readMcpConfig: [mcp.time_limits] in verus-repair.toml', () => {
  it('takes the defaults without a table and overrides the tools it names', () => {
    expect(readMcpConfig('[verifier]\nrunner = "local"\n', 'v.toml')).toEqual({ config: { cache: true, timeLimits: DEFAULT_TIME_LIMITS }, errors: [] });
    const { config } = readMcpConfig('[mcp]\ncache = false\n\n[mcp.time_limits]\nverus_verify = 120\nverus_review = 0.5\n', 'v.toml');
    expect(config?.cache).toBe(false);
    expect(config?.timeLimits).toEqual({ ...DEFAULT_TIME_LIMITS, verus_verify: 120, verus_review: 0.5 });
  });

  it('rejects an unknown tool or key, a bad value and bad TOML, naming the file and the key or position', () => {
    expect(readMcpConfig('[mcp.time_limits]\nverus_verfy = 10\n', 'v.toml').errors).toEqual([
      expect.stringMatching(/^v\.toml: mcp\.time_limits\.verus_verfy: unknown key\. Known keys: \[mcp\] cache, time_limits; \[mcp\.time_limits\] verus_outline, verus_verify, .* Example: verus_verify = 1800 under \[mcp\.time_limits\]/),
    ]);
    expect(readMcpConfig('[mcp]\ntimeout = 10\n', 'v.toml').errors).toEqual([expect.stringMatching(/^v\.toml: mcp\.timeout: unknown key\./)]);
    expect(readMcpConfig('[mcp.time_limits]\nverus_verify = -1\n', 'v.toml').errors).toEqual([expect.stringMatching(/^v\.toml: mcp\.time_limits\.verus_verify: expected a value > 0, received -1\./)]);
    expect(readMcpConfig('[mcp.time_limits]\nverus_verify = "soon"\n', 'v.toml').errors).toEqual([expect.stringMatching(/^v\.toml: mcp\.time_limits\.verus_verify: expected number, received "soon"/)]);
    expect(readMcpConfig('[mcp\n', 'v.toml').errors).toEqual([expect.stringMatching(/^v\.toml:1:\d+: not valid TOML/)]);
  });
});
