import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { crateHasDoctests } from './crate-has-tests.js';

afterAll(removeTemporaryDirectories);

function crate(lib: string): string {
  const directory = createTemporaryDirectory('doctests');
  mkdirSync(path.join(directory, 'src'));
  writeFileSync(path.join(directory, 'src', 'lib.rs'), lib);
  return directory;
}

describe('crateHasDoctests', () => {
  it('finds a code block in /// or //! comments, and nothing in plain comments or code', async () => {
    expect(await crateHasDoctests(crate('/// Adds one.\n/// ```\n/// assert_eq!(add_one(1), 2);\n/// ```\npub fn add_one(x: u32) -> u32 { x + 1 }\n'))).toBe(true);
    expect(await crateHasDoctests(crate('//! ```rust\n//! use x::*;\n//! ```\n'))).toBe(true);
    expect(await crateHasDoctests(crate('/// Adds one.\npub fn add_one(x: u32) -> u32 { x + 1 }\n// ```\nconst S: &str = "```";\n'))).toBe(false);
  });
});
