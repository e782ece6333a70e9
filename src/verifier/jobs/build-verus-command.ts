import { assertNever } from '../../core/assert-never.js';
import type { FunctionSelector, VerificationOptions, VerificationTarget } from '../../core/verifier.js';
import type { VerusCommand } from './verus-command.js';

/** How the command will be placed: the file path as the process sees it, and whether cargo may use the network. */
export interface CommandPlacement {
  /** For file targets: the file's path relative to the verification root (the process runs in the root). */
  relativeFile: string | null;
  /** Pass `--offline` to cargo (the Docker runner has no network). */
  offline: boolean;
}

/**
 * The flags sent on every run, after the target: `--output-json --time` give the per-function
 * verdicts (`times-ms` function breakdown) and the `verification-results` block the verdict is
 * decided from; `--rlimit` bounds each SMT query; `--expand-errors` and `--no-cheating` are policy.
 */
export function buildAlwaysSentVerusFlags(options: VerificationOptions): string[] {
  return [
    '--output-json',
    '--time',
    '--rlimit',
    String(options.rlimit),
    ...(options.expandErrors ? ['--expand-errors'] : []),
    ...(options.noCheating ? ['--no-cheating'] : []),
  ];
}

/** `--verify-root` for the crate root, else `--verify-only-module M` (the module without its descendants). */
export function buildModuleSelectorFlags(module: string | null): string[] {
  return module === null ? ['--verify-root'] : ['--verify-only-module', module];
}

/** `--verify-root`/`--verify-only-module M` plus `--verify-function F` (Verus needs exactly one module selector). */
export function buildFunctionSelectorFlags(selector: FunctionSelector): string[] {
  return [...buildModuleSelectorFlags(selector.module), '--verify-function', selector.function];
}

/**
 * Builds the Verus invocation for a target (pure). Crates run `cargo verus verify` (or `focus` for
 * one module or one function: plain `verify` rejects partial selectors). Under cargo, diagnostics reach us as
 * cargo `compiler-message` JSON on stdout via `--message-format=json`: cargo already runs the verus
 * driver with `--error-format=json`, and rustc rejects that option given twice, so it is NOT repeated
 * after `--`. Cargo options must precede Verus-irrelevant ones (cargo-verus rejects late
 * `--offline`), hence `--offline` first. Single files run `verus FILE --crate-type=lib
 * --error-format=json` directly.
 */
export function buildVerusCommand(target: VerificationTarget, options: VerificationOptions, placement: CommandPlacement): VerusCommand {
  const flags = buildAlwaysSentVerusFlags(options);
  switch (target.kind) {
    case 'crate':
    case 'module':
    case 'function': {
      const subcommand = target.kind === 'crate' ? 'verify' : 'focus';
      const selectors = target.kind === 'function'
        ? buildFunctionSelectorFlags({ module: target.module, function: target.function })
        : target.kind === 'module' ? buildModuleSelectorFlags(target.module) : [];
      const cargoFlags = [...(placement.offline ? ['--offline'] : []), '--message-format=json'];
      return { tool: 'cargo-verus', args: ['verus', subcommand, ...cargoFlags, '--', ...flags, ...selectors, ...options.extraVerusArgs] };
    }
    case 'file': {
      const file = placement.relativeFile ?? target.filePath;
      const selectors = target.only === undefined ? [] : buildFunctionSelectorFlags(target.only);
      return { tool: 'verus', args: [file, '--crate-type=lib', '--error-format=json', ...flags, ...selectors, ...options.extraVerusArgs] };
    }
    default:
      return assertNever(target, 'verification target');
  }
}
