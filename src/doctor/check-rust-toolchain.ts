import type { ToolchainPin } from '../verifier/toolchain/toolchain-pin.js';
import { failed, passed, type DoctorCheck } from './doctor-check.js';
import { firstLine, probeProgram } from './probe-program.js';

/**
 * cargo for the erased pre-check, and the pinned Rust toolchain installed through rustup (the Verus
 * launcher looks for exactly that triple, and vstd's erased build is checked against it).
 */
export async function checkRustToolchain(cargoPath: string, pin: ToolchainPin | null, environment: NodeJS.ProcessEnv): Promise<DoctorCheck[]> {
  const cargo = await probeProgram([cargoPath, '--version'], environment);
  const checks = [
    cargo.kind === 'exited' && cargo.exitCode === 0
      ? passed('cargo', firstLine(cargo.stdout))
      : failed('cargo', cargo.kind === 'missing' ? `${cargoPath} is not on PATH (the erased pre-check runs cargo build/test)` : `${cargoPath} --version failed`, 'install Rust with rustup: `curl --proto =https -sSf https://sh.rustup.rs | sh`'),
  ];
  if (pin === null) return checks;
  const install = `rustup toolchain install ${pin.rust.toolchain}`;
  const listed = await probeProgram(['rustup', 'toolchain', 'list'], environment);
  if (listed.kind === 'exited' && listed.exitCode === 0) {
    const present = listed.stdout.split('\n').some((line) => line.trim().split(/\s/)[0] === pin.rust.triple);
    checks.push(present ? passed('rust toolchain', `${pin.rust.triple} installed`) : failed('rust toolchain', `${pin.rust.triple} (the pinned toolchain) is not installed`, install));
    return checks;
  }
  const rustc = await probeProgram(['rustc', '--version'], environment);
  const version = rustc.kind === 'exited' ? /^rustc (\d+\.\d+\.\d+)/.exec(rustc.stdout)?.[1] ?? null : null;
  checks.push(version === pin.rust.toolchain
    ? passed('rust toolchain', `rustc ${version} (no rustup)`)
    : failed('rust toolchain', `rustup is not on PATH and rustc is ${version ?? 'missing'}; the pin needs ${pin.rust.triple}`, `install rustup (https://rustup.rs), then \`${install}\``));
  return checks;
}
