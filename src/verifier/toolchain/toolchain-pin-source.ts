import path from 'node:path';

/**
 * Where the pin in force comes from, in order of precedence: `--pin-file`, `verifier.pin_file` in
 * verus-repair.toml, the repository's own `verus-toolchain/pin.toml`, or the package's default.
 */
export type ToolchainPinSource = 'option' | 'config' | 'repository' | 'package';

/** A pin file and why it is the one in force. */
export interface ResolvedPinFile {
  file: string;
  source: ToolchainPinSource;
}

/** The pin a repository versions with its code, relative to the repository root. */
export const REPOSITORY_PIN_PATH = path.join('verus-toolchain', 'pin.toml');

/** One phrase for headers: which pin is in force and why. */
export function describePinSource(resolved: ResolvedPinFile): string {
  switch (resolved.source) {
    case 'option':
      return '--pin-file';
    case 'config':
      return 'verifier.pin_file in verus-repair.toml';
    case 'repository':
      return "the repository's pin";
    case 'package':
      return `the package default; no ${REPOSITORY_PIN_PATH} in the repository (\`verus-repair init\` creates one)`;
  }
}
