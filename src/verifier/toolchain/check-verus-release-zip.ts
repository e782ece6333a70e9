import { ConfigurationError } from '../../core/errors.js';
import { readVerusBuildInfo } from '../../diagnostics/output/read-verus-build-info.js';
import { NotAZipError, readZipDirectory, type ZipEntry } from './read-zip-directory.js';
import { readZipEntryText } from './read-zip-entry-text.js';
import type { ToolchainPin } from './toolchain-pin.js';

/** The folder a Linux release zip unzips to (verus-facts.md, "Release assets"). */
export const RELEASE_FOLDER = 'verus-x86-linux';

/**
 * Checks that `zip` is the pinned Verus release before its hash goes into the pin: a zip archive
 * holding `verus-x86-linux/verus` and `verus-x86-linux/version.json` (the output of
 * `verus --version --output-json`) whose `verus.version` is the pinned release and, when present,
 * whose `verus.toolchain` is the pinned Rust triple. Throws a ConfigurationError saying what is wrong.
 */
export function checkVerusReleaseZip(zip: string, pin: ToolchainPin): void {
  const fail = (problem: string): never => {
    throw new ConfigurationError(`${zip} ${problem}. Download ${pin.verus.url} and lock that file`);
  };
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(zip);
  } catch (error) {
    if (error instanceof NotAZipError) return fail(`is not a zip archive (${error.message})`);
    throw error;
  }
  const find = (name: string): ZipEntry | undefined => entries.find((entry) => entry.name === `${RELEASE_FOLDER}/${name}`);
  if (find('verus') === undefined) fail(`does not hold ${RELEASE_FOLDER}/verus, so it is not a Linux Verus release zip`);
  const versionEntry = find('version.json') ?? fail(`does not hold ${RELEASE_FOLDER}/version.json, so its release cannot be checked`);
  let text: string;
  try {
    text = readZipEntryText(zip, versionEntry, 64 * 1024);
  } catch (error) {
    if (error instanceof NotAZipError) return fail(`is a damaged zip archive (${error.message})`);
    throw error;
  }
  const facts = readVerusBuildInfo(text);
  if (facts === null || facts.version === null) return fail(`holds a ${RELEASE_FOLDER}/version.json that is not JSON with verus.version`);
  if (facts.version !== pin.verus.release) fail(`is release ${facts.version} (its version.json says so), but the pin is for ${pin.verus.release}`);
  if (facts.toolchain !== null && facts.toolchain !== pin.rust.triple) fail(`was built for Rust ${facts.toolchain} (its version.json says so), but the pin says ${pin.rust.triple}`);
}
