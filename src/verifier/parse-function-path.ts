import type { FunctionSelector } from '../core/verifier.js';

/**
 * `--fn` text → module and function: `lemmas::sorted::lemma_x` is function `lemma_x` in module
 * `lemmas::sorted`; a bare name is a function of the crate root. A leading crate name (`my_crate::`)
 * is dropped, since Verus module selectors are relative to the crate.
 */
export function parseFunctionPath(text: string, crateName: string | null): FunctionSelector {
  const segments = text.split('::').filter((segment) => segment !== '');
  if (crateName !== null && segments.length > 1 && segments[0] === crateName.replace(/-/g, '_')) segments.shift();
  if (segments[0] === 'crate' && segments.length > 1) segments.shift();
  const name = segments.pop() ?? text;
  return { module: segments.length === 0 ? null : segments.join('::'), function: name };
}
