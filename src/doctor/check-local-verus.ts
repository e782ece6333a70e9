import { readVerusBuildInfo } from '../diagnostics/output/read-verus-build-info.js';
import { resolveExecutable } from '../verifier/runners/describe-local-toolchain.js';
import type { ToolchainPin } from '../verifier/toolchain/toolchain-pin.js';
import { failed, passed, type DoctorCheck } from './doctor-check.js';
import { probeProgram } from './probe-program.js';

/**
 * The local runner: `verus` reporting the pinned release and Rust toolchain (`verus --version
 * --output-json` prints the release's build info), and `cargo-verus` next to it.
 */
export async function checkLocalVerus(programs: { verus: string; cargoVerus: string }, pin: ToolchainPin | null, environment: NodeJS.ProcessEnv, passEnv: string[] = []): Promise<DoctorCheck[]> {
  const install = pin === null
    ? 'install a Verus release (https://github.com/verus-lang/verus/releases) and put its directory on PATH'
    : `download ${pin.verus.url}, unzip it and put verus-x86-linux/ on PATH (or set verifier.verus_path)`;
  const checks: DoctorCheck[] = [];
  const verus = await resolveExecutable(programs.verus, environment['PATH']);
  if (verus === null) {
    checks.push(failed('verus', `${programs.verus} is not on PATH`, install));
  } else {
    const probe = await probeProgram([verus, '--version', '--output-json'], environment, { passEnv });
    const info = probe.kind === 'exited' && probe.exitCode === 0 ? readVerusBuildInfo(probe.stdout) : null;
    if (info === null || info.version === null) checks.push(failed('verus', `${verus} --version --output-json printed no build info`, install));
    else if (pin !== null && (info.version !== pin.verus.release || (info.toolchain !== null && info.toolchain !== pin.rust.triple))) {
      checks.push(failed('verus', `${verus} is ${info.version} (Rust ${info.toolchain ?? '?'}); the pin says ${pin.verus.release} (Rust ${pin.rust.triple})`, `${install}; or pin this release: \`npx verus-repair toolchain pin --release ${info.version}\``));
    } else checks.push(passed('verus', `${verus}: ${info.version}${info.toolchain === null ? '' : ` (Rust ${info.toolchain})`}`));
  }
  const cargoVerus = await resolveExecutable(programs.cargoVerus, environment['PATH']);
  checks.push(cargoVerus === null ? failed('cargo-verus', `${programs.cargoVerus} is not on PATH`, install) : passed('cargo-verus', cargoVerus));
  return checks;
}
