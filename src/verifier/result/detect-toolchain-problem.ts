import { assertNever } from '../../core/assert-never.js';
import type { ToolchainProblem } from '../../core/verifier-result.js';

/** What a message needs to be actionable: the exact image and build command for this pin. */
export interface ToolchainHints {
  runner: 'docker' | 'local';
  imageTag: string | null;
}

interface ToolchainRule {
  problem: ToolchainProblem;
  pattern: RegExp;
  explain: (match: RegExpMatchArray, hints: ToolchainHints) => string;
}

const BUILD_COMMAND = 'verus-repair toolchain build';

/** Each known way a toolchain breaks, as printed by verus, cargo or docker, with its fix. Order matters: first match wins. */
const TOOLCHAIN_RULES: ToolchainRule[] = [
  {
    problem: 'docker-unreachable',
    pattern: /Cannot connect to the Docker daemon[^\n]*|permission denied while trying to connect to the Docker daemon[^\n]*|error during connect[^\n]*/,
    explain: (match) => `the Docker daemon is not reachable (${match[0].trim()}). Start Docker or set DOCKER_HOST, or verify with a local Verus install: --local`,
  },
  {
    problem: 'image-missing',
    pattern: /Unable to find image '([^']+)'|No such image: ?(\S+)/,
    explain: (match, hints) => {
      const image = hints.imageTag ?? match[1] ?? match[2] ?? 'the Verus image';
      return `the Verus image ${image} does not exist on this machine. Build it from verus-toolchain/pin.toml with: ${BUILD_COMMAND}`;
    },
  },
  {
    problem: 'rust-toolchain-missing',
    pattern: /required rust toolchain (\S+) not found/,
    explain: (match) => `Verus needs the Rust toolchain ${match[1]}. Install it with: rustup install ${match[1]} (or use the pinned image: --docker)`,
  },
  {
    // V verus/src/main.rs:147-150: the launcher runs `rustup toolchain list` first and runs everything through rustup.
    problem: 'rust-toolchain-missing',
    pattern: /verus: rustup not found, or not executable/,
    explain: () => 'the verus launcher needs rustup, and none is on PATH. Install it from https://rustup.rs with the toolchain the release names, or use the pinned image: --docker',
  },
  {
    // V rust_verify/src/cargo_verus.rs:145,174, printed as `Error: ...` then exit 1 (verifier.rs:3051-3052, 3141-3143): no results document.
    problem: 'verus-incomplete',
    pattern: /could not find \.vir file for '([^'\n]+)'/,
    explain: (match) => `Verus found no .vir file for the dependency ${match[1]} beside its compiled library: it was built without Verus into this target directory, or the release lacks it. Run: cargo clean -p ${match[1]} and verify again, or reinstall the release / use the pinned image: --docker`,
  },
  {
    problem: 'z3-version-mismatch',
    pattern: /expected z3 version "?([\w.]+)"?, found "?([\w.]+)"?|expects z3 version "([\w.]+)", found version "([\w.]+)"/,
    explain: (match) => {
      const expected = match[1] ?? match[3] ?? '?';
      const found = match[2] ?? match[4] ?? '?';
      return `Verus expects Z3 ${expected} but found Z3 ${found}. Set VERUS_Z3_PATH to a Z3 ${expected} binary (the release zip ships one next to verus), or use the pinned image: --docker`;
    },
  },
  {
    // V air/src/smt_process.rs:121-135: printed when spawning the solver fails, then exit 128.
    problem: 'z3-not-executable',
    pattern: /could not execute z3 process(?: \(([^\n]*)\))?/,
    explain: (match) => `Verus could not start Z3${match[1] === undefined ? '' : ` (${match[1]})`}. Set VERUS_Z3_PATH to the z3 binary the Verus release ships next to verus (or put z3 on PATH), or use the pinned image: --docker`,
  },
  {
    // V verus/src/main.rs:97-110: the launcher looks for a `verus-root` file in its own directory, then exit 128.
    problem: 'verus-root-missing',
    pattern: /did not find a valid verusroot/,
    explain: () => `the verus launcher found no verus-root marker file beside itself, so it is not running from an unzipped Verus release directory (a copied or moved binary). Point PATH or verifier.verus_path at the verus inside the unzipped release, or use the pinned image: --docker`,
  },
  {
    problem: 'cargo-verus-not-found',
    pattern: /no such command: `verus`/,
    explain: () => 'cargo cannot find cargo-verus. Put the Verus release directory (it contains cargo-verus) on PATH or set verifier.cargo_verus_path, or use the pinned image: --docker',
  },
  {
    problem: 'verus-incomplete',
    pattern: /Verus installation is incomplete[^\n]*(?:\n[^\n]+)*|executable file not found in \$PATH[^\n]*/,
    explain: (match) => `the Verus installation is incomplete (${match[0].split('\n').slice(0, 3).join(' ').trim()}). Unzip the whole release again, or rebuild the image with: ${BUILD_COMMAND}`,
  },
];

/** A recognised toolchain problem and its actionable message, or null. Reads only what the tools printed. */
export function detectToolchainProblem(output: string, hints: ToolchainHints): { problem: ToolchainProblem; message: string } | null {
  for (const rule of TOOLCHAIN_RULES) {
    const match = output.match(rule.pattern);
    if (match !== null) return { problem: rule.problem, message: rule.explain(match, hints) };
  }
  return null;
}

/** The toolchain problem behind a program that could not be started (ENOENT). */
export function explainMissingProgram(program: string, tool: 'cargo-verus' | 'verus' | 'docker'): { problem: ToolchainProblem; message: string } {
  switch (tool) {
    case 'docker':
      return { problem: 'docker-unreachable', message: `the docker client "${program}" was not found on PATH. Install Docker, or verify with a local Verus install: --local` };
    case 'cargo-verus':
      return { problem: 'rust-toolchain-missing', message: `"${program}" was not found on PATH: cargo verus needs Rust. Install it with rustup (https://rustup.rs), or use the pinned image: --docker` };
    case 'verus':
      return { problem: 'verus-not-found', message: `Verus ("${program}") was not found. Download a release (see verus-toolchain/README.md) and put it on PATH or set verifier.verus_path, or use the pinned image: --docker` };
    default:
      return assertNever(tool, 'tool');
  }
}
