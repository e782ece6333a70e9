/**
 * The values of `#[verifier::rlimit(n)]` (and the older `#[verifier(rlimit(n))]`) in an attribute's
 * text; `infinity` is Infinity. Verus accepts a number or `infinity` there (V
 * rust_verify/src/attributes.rs:417-428, release/0.2026.06.07.cd03505).
 */
export function readRlimitAttribute(attributeText: string): number[] {
  return [...attributeText.matchAll(/rlimit\s*\(\s*(infinity|\d+(?:\.\d+)?)\s*\)/g)].map((match) => (match[1] === 'infinity' ? Infinity : Number(match[1])));
}
