//! Integer square root by counting up, keeping (r + 1)^2 in a variable.
//! Written for verus-repair as a Verus fixture.
use vstd::prelude::*;

verus! {

/// A square below 2^32 has a root below 2^16.
pub proof fn lemma_root_bound(x: int)
    by (nonlinear_arith)
    requires
        0 <= x,
        x * x <= 0xFFFF_FFFF,
    ensures
        x < 0x1_0000,
{
}

/// Largest r with r * r <= n.
pub fn isqrt(n: u32) -> (r: u32)
    ensures
        r * r <= n,
        n < (r + 1) * (r + 1),
{
    let n64 = n as u64;
    let mut r: u64 = 0;
    let mut sq: u64 = 1;
    while sq <= n64
        invariant
            n64 == n,
            r < 0x1_0000,
            r * r <= n64,
            sq == (r + 1) * (r + 1),
        decreases 0x1_0000 - r,
    {
        r = r + 1;
        assert((r + 1) * (r + 1) == r * r + 2 * r + 1) by (nonlinear_arith);
        sq = sq + 2 * r + 1;
    }
    r as u32
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_and_inexact_squares() {
        let cases = [(0u32, 0u32), (1, 1), (2, 1), (3, 1), (4, 2), (15, 3), (16, 4), (17, 4), (1_000_000, 1000)];
        for (n, want) in cases {
            assert_eq!(isqrt(n), want);
        }
    }

    #[test]
    fn largest_input() {
        assert_eq!(isqrt(u32::MAX), 65_535);
    }
}
