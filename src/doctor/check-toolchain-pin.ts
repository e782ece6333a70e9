import type { PinInForce } from '../verifier/toolchain/read-pin-in-force.js';
import { describePinSource } from '../verifier/toolchain/toolchain-pin-source.js';
import { failed, passed, warned, type DoctorCheck } from './doctor-check.js';

/** The pin in force: readable, from the repository (not the package default), with the release zip's sha256 locked. */
export function checkToolchainPin(pin: PinInForce, asset: string | null, runner: 'docker' | 'local' | 'queue'): DoctorCheck {
  const where = `${pin.file} (${describePinSource(pin)})`;
  if (pin.sha256 === null) return failed('toolchain pin', `${where}: ${pin.problem ?? 'unreadable'}`, `fix the file, or restore it: \`npx verus-repair init\` creates verus-toolchain/pin.toml from the default`);
  if (!pin.locked) {
    const lock = `download the release zip, then \`npx verus-repair toolchain lock --zip ${asset ?? 'verus-<release>-x86-linux.zip'}\``;
    return runner === 'docker' ? failed('toolchain pin', `${where}: the release zip's sha256 is not locked, so the image cannot be built`, lock) : warned('toolchain pin', `${where}: the release zip's sha256 is not locked`, lock);
  }
  if (pin.source === 'package') return warned('toolchain pin', `${where}: locked, sha256 ${pin.sha256.slice(0, 12)}…; not versioned with your code`, '`npx verus-repair init` (copies it to verus-toolchain/pin.toml)');
  return passed('toolchain pin', `${where}: locked, pin hash ${pin.sha256.slice(0, 12)}…`);
}
