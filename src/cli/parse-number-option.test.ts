import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../core/errors.js';
import { MAX_JOBS } from '../core/max-jobs.js';
import { readReviewConfig } from '../review/config/read-review-config.js';
import { parseIntegerOption, parseJobsOption } from './parse-number-option.js';

describe('parseIntegerOption', () => {
  it('takes decimal digits only: 1e99, 0x10, " 5 ", 1.0 and the empty string are refused, never read as numbers', () => {
    expect(parseIntegerOption('7', '--seed', '--seed 7', 0)).toBe(7);
    expect(parseIntegerOption('0', '--seed', '--seed 7', 0)).toBe(0);
    for (const text of ['1e99', '1e3', '0x10', ' 5 ', '1.0', '', '-0', '+3']) {
      expect(() => parseIntegerOption(text, '--seed', '--seed 7', 0), text).toThrow(ConfigurationError);
    }
    expect(() => parseIntegerOption('1e99', '--seed', '--seed 7', 0)).toThrow('--seed: expected an integer >= 0, received "1e99" (decimal digits only, at most 9007199254740991). Example: --seed 7');
  });

  it('refuses integers past 2^53 (not exact as numbers) and past a given maximum', () => {
    expect(parseIntegerOption('9007199254740991', '--n', '--n 1')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseIntegerOption('9007199254740993', '--n', '--n 1')).toThrow(ConfigurationError);
    expect(() => parseIntegerOption('4294967296', '--seed', '--seed 7', 0, 0xffff_ffff)).toThrow('--seed: expected an integer >= 0 and <= 4294967295, received "4294967296"');
  });
});

describe('parseJobsOption', () => {
  it('has the same limit as [review] jobs: 64 is the last accepted value for both', () => {
    expect(parseJobsOption(String(MAX_JOBS), '--jobs', '--jobs 2')).toBe(64);
    expect(() => parseJobsOption('1000', '--jobs', '--jobs 2')).toThrow('--jobs: expected an integer >= 1 and <= 64, received "1000"');
    expect(readReviewConfig('[review]\njobs = 64\n', 'verus-repair.toml').config?.jobs).toBe(64);
    expect(readReviewConfig('[review]\njobs = 65\n', 'verus-repair.toml').errors.join('\n')).toMatch(/review\.jobs: expected a value <= 64/);
  });
});
