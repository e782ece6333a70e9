import { hashToolchainPin } from './hash-toolchain-pin.js';
import type { ToolchainPin } from './toolchain-pin.js';

/**
 * The Docker tag of the image built from a pin: `<repository>:<release>-<first 12 hex of the pin
 * hash>`. Any change to the pin changes the tag, so a stale image can never be reused.
 */
export function imageTagForPin(pin: ToolchainPin): string {
  return `${pin.image.repository}:${pin.verus.release}-${hashToolchainPin(pin).slice(0, 12)}`;
}
