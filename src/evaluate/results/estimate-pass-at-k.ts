/**
 * The unbiased estimator of pass@k from n independent attempts of which c succeeded (Chen et al.
 * 2021): 1 − C(n−c, k) / C(n, k), computed as a product to stay exact for large n. Needs k ≤ n.
 */
export function estimatePassAtK(n: number, c: number, k: number): number {
  if (k > n || k < 1) throw new RangeError(`pass@${k} needs 1 <= k <= n = ${n}`);
  if (n - c < k) return 1;
  let failAll = 1;
  for (let i = n - c + 1; i <= n; i++) failAll *= 1 - k / i;
  return 1 - failAll;
}
