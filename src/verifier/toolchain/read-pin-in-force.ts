import { hashToolchainPin } from './hash-toolchain-pin.js';
import { loadToolchainPin } from './read-toolchain-pin.js';
import { describePinSource, type ResolvedPinFile, type ToolchainPinSource } from './toolchain-pin-source.js';

/** The pin a run uses, as headers, JSON output and the `Toolchain-Pin` trailer name it. */
export interface PinInForce {
  file: string;
  source: ToolchainPinSource;
  /** sha256 of the pin's canonical values; null when the file cannot be read or is invalid. */
  sha256: string | null;
  /** The release zip's sha256 is recorded (`toolchain lock`). */
  locked: boolean;
  /** Why the pin could not be read; the Docker runner refuses to run then, the local one can. */
  problem: string | null;
}

export async function readPinInForce(resolved: ResolvedPinFile): Promise<PinInForce> {
  try {
    const pin = await loadToolchainPin(resolved.file);
    return { ...resolved, sha256: hashToolchainPin(pin), locked: pin.verus.sha256 !== '', problem: null };
  } catch (error) {
    return { ...resolved, sha256: null, locked: false, problem: (error as Error).message.split('\n')[0] ?? '' };
  }
}

/** One header line: `toolchain pin: <sha256> (<file>, <why it is in force>[, not locked])`. */
export function renderPinInForce(pin: PinInForce): string {
  const why = describePinSource(pin);
  if (pin.sha256 === null) return `toolchain pin: unreadable (${pin.file}, ${why}): ${pin.problem ?? ''}`;
  return `toolchain pin: ${pin.sha256} (${pin.file}, ${why}${pin.locked ? '' : ', zip not locked'})`;
}
