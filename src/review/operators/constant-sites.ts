import { TOKEN_KIND } from '../../core/source-parser.js';
import type { MutationSite } from '../mutation-site.js';
import { siteOverTokens, tokenText, type OperatorContext } from './operator-context.js';

const BOUNDS: Record<string, [bigint, bigint]> = {
  u8: [0n, 255n],
  u16: [0n, 65535n],
  u32: [0n, 4294967295n],
  u64: [0n, 18446744073709551615n],
  usize: [0n, 18446744073709551615n],
  i8: [-128n, 127n],
  i16: [-32768n, 32767n],
  i32: [-2147483648n, 2147483647n],
  i64: [-9223372036854775808n, 9223372036854775807n],
  isize: [-9223372036854775808n, 9223372036854775807n],
};

const INTEGER = /^([0-9][0-9_]*)(u8|u16|u32|u64|u128|usize|i8|i16|i32|i64|i128|isize)?$/;

/**
 * `c` → `c+1`, `c-1`, `0`, and the bounds of the literal's type when it carries a suffix (an
 * unsuffixed literal's type is inferred, which the IR does not know). Suffixes are kept.
 */
export function findConstantSites(context: OperatorContext): MutationSite[] {
  const sites: MutationSite[] = [];
  for (let index = context.exec.first; index < context.exec.end; index++) {
    if (context.ir.tokens.kinds[index] !== TOKEN_KIND.literal || !context.exec.isExec(index)) continue;
    const match = INTEGER.exec(tokenText(context, index));
    if (match === null) continue;
    const value = BigInt((match[1] ?? '0').replaceAll('_', ''));
    const suffix = match[2] ?? '';
    const negative = tokenText(context, index - 1) === '-';
    const candidates = [value + 1n, value - 1n, 0n, ...(BOUNDS[suffix] ?? [])].filter((candidate) => candidate !== value && candidate >= 0n && !(negative && candidate === 0n));
    for (const candidate of [...new Set(candidates)]) sites.push(siteOverTokens(context, 'constant', index, index, `${candidate}${suffix}`));
  }
  return sites;
}
