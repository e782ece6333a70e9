/**
 * A card example as a Verus source: vstd's prelude and one `verus!` block holding the support
 * definitions and one side of the example. Used to parse examples with the IR and to build their
 * "after" side with plain cargo.
 */
export function wrapTacticExample(support: string, code: string): string {
  return `use vstd::prelude::*;\n\nverus! {\n\n${support}${support === '' ? '' : '\n'}${code}\n} // verus!\n`;
}
