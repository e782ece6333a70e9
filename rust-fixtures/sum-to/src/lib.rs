//! Triangular numbers: a recursive spec, an induction lemma, a loop and a closed form.
//! Written for verus-repair as a Verus fixture.
use vstd::prelude::*;

verus! {

/// triangle(n) = 0 + 1 + ... + n
pub open spec fn triangle(n: nat) -> nat
    decreases n,
{
    if n == 0 {
        0
    } else {
        n + triangle((n - 1) as nat)
    }
}

pub proof fn lemma_triangle_monotonic(i: nat, j: nat)
    requires
        i <= j,
    ensures
        triangle(i) <= triangle(j),
    decreases j - i,
{
    if i < j {
        lemma_triangle_monotonic(i, (j - 1) as nat);
    }
}

pub proof fn lemma_triangle_closed_form(n: nat)
    ensures
        2 * triangle(n) == n * (n + 1),
    decreases n,
{
    if n > 0 {
        let m = (n - 1) as nat;
        lemma_triangle_closed_form(m);
        assert(2 * triangle(n) == n * (n + 1)) by (nonlinear_arith)
            requires
                2 * triangle(m) == m * (m + 1),
                triangle(n) == n + triangle(m),
                m + 1 == n,
        ;
    }
}

/// Sums 1..=n with a loop; the caller promises the result fits in a u32.
pub fn loop_triangle(n: u32) -> (sum: u32)
    requires
        triangle(n as nat) < 0x1_0000_0000,
    ensures
        sum == triangle(n as nat),
{
    let mut sum: u32 = 0;
    let mut idx: u32 = 0;
    while idx < n
        invariant
            idx <= n,
            sum == triangle(idx as nat),
            triangle(n as nat) < 0x1_0000_0000,
        decreases n - idx,
    {
        idx = idx + 1;
        proof {
            lemma_triangle_monotonic(idx as nat, n as nat);
        }
        sum = sum + idx;
    }
    sum
}

/// Gauss's closed form, computed in u64 so that it never overflows for a u32 input.
pub fn closed_triangle(n: u32) -> (t: u64)
    ensures
        t == triangle(n as nat),
{
    let m = n as u64;
    assert(m * (m + 1) <= 0xFFFF_FFFF * 0x1_0000_0000) by (nonlinear_arith)
        requires
            m <= 0xFFFF_FFFF,
    ;
    proof {
        lemma_triangle_closed_form(n as nat);
    }
    m * (m + 1) / 2
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loop_and_closed_form_agree() {
        for n in [0u32, 1, 2, 10, 1000, 92_681] {
            assert_eq!(loop_triangle(n) as u64, closed_triangle(n));
        }
    }

    #[test]
    fn closed_form_handles_the_largest_input() {
        assert_eq!(closed_triangle(u32::MAX), 9_223_372_034_707_292_160);
    }
}
