import { describe, expect, it } from 'vitest';
import { readVerifierConfig } from './read-verifier-config.js';

describe('[queue] in verus-repair.toml', () => {
  it('has defaults when absent and reads every key', () => {
    expect(readVerifierConfig('', 'v.toml', '/repo').config?.queue).toEqual({ url: null, name: 'verus-repair', jobTimeoutMs: 3_600_000, attempts: 3, lockDurationMs: 30_000, connectTimeoutMs: 10_000 });
    const text = '[verifier]\nrunner = "queue"\n[queue]\nurl = "redis://10.0.0.5:6380/2"\nname = "team-a"\njob_timeout = 120\nattempts = 5\nlock_duration = 2.5\nconnect_timeout = 4\n';
    const { config, errors } = readVerifierConfig(text, 'v.toml', '/repo');
    expect(errors).toEqual([]);
    expect(config?.runner).toBe('queue');
    expect(config?.queue).toEqual({ url: 'redis://10.0.0.5:6380/2', name: 'team-a', jobTimeoutMs: 120_000, attempts: 5, lockDurationMs: 2500, connectTimeoutMs: 4000 });
  });

  it('refuses a password in the file (it belongs in VERUS_REPAIR_REDIS_URL) without echoing the URL, and names bad keys with an example', () => {
    const { config, errors } = readVerifierConfig('[queue]\nurl = "redis://:hunter2@10.0.0.5:6379"\nattempts = 0\nworkers = 3\n', 'v.toml', '/repo');
    expect(config).toBeNull();
    expect(errors.join('\n')).toContain('queue.url: expected a URL without a password (set VERUS_REPAIR_REDIS_URL instead) (the value is not shown');
    expect(errors.join('\n')).not.toContain('hunter2');
    expect(errors.join('\n')).toContain('queue.attempts: expected a value >= 1, received 0. Example: attempts = 3');
    expect(errors.join('\n')).toContain('queue.workers: unknown key');
  });
});
