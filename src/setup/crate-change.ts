import { assertNever } from '../core/assert-never.js';

/** One edit `init --fix` makes to a crate's Cargo.toml (and `init` without --fix only reports). */
export type CrateChange =
  | { kind: 'add-vstd'; requirement: string }
  | { kind: 'set-vstd'; from: string; requirement: string }
  | { kind: 'enable-verify' };

export function describeCrateChange(change: CrateChange): string {
  switch (change.kind) {
    case 'add-vstd':
      return `add vstd = "${change.requirement}" under [dependencies] (the vstd paired with the pinned Verus release)`;
    case 'set-vstd':
      return `change vstd "${change.from}" to "${change.requirement}" (the exact vstd paired with the pinned Verus release)`;
    case 'enable-verify':
      return 'set [package.metadata.verus] verify = true (cargo verus verifies only crates that opt in)';
    default:
      return assertNever(change, 'crate change');
  }
}
