import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The verus-repair package root: three levels above this file both in src/ (src/verifier/toolchain)
 * and in the built dist/ (dist/verifier/toolchain).
 */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The toolchain pin shipped with verus-repair. */
export const PACKAGED_PIN_FILE = path.join(PACKAGE_ROOT, 'verus-toolchain', 'pin.toml');

/** The Dockerfile that builds the pinned image (its build context is the package root). */
export const PACKAGED_DOCKERFILE = path.join(PACKAGE_ROOT, 'Dockerfile');
