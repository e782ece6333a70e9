//! Iterative Fibonacci with an overflow bound taken from the spec.
//! Written for verus-repair as a Verus fixture.
use vstd::prelude::*;

verus! {

pub open spec fn fib(n: nat) -> nat
    decreases n,
{
    if n == 0 {
        0
    } else if n == 1 {
        1
    } else {
        fib((n - 2) as nat) + fib((n - 1) as nat)
    }
}

/// fib never decreases, so a bound on fib(n) bounds every earlier value.
pub proof fn lemma_fib_monotonic(i: nat, j: nat)
    requires
        i <= j,
    ensures
        fib(i) <= fib(j),
    decreases j - i,
{
}

pub fn fib_iter(n: u64) -> (r: u64)
    requires
        fib(n as nat) <= u64::MAX,
    ensures
        r == fib(n as nat),
{
    if n == 0 {
        return 0;
    }
    let mut prev: u64 = 0;
    let mut cur: u64 = 1;
    let mut i: u64 = 1;
    while i < n
        invariant
            1 <= i <= n,
            prev == fib((i - 1) as nat),
            cur == fib(i as nat),
            fib(n as nat) <= u64::MAX,
        decreases n - i,
    {
        proof {
            lemma_fib_monotonic((i + 1) as nat, n as nat);
        }
        let next = prev + cur;
        prev = cur;
        cur = next;
        i = i + 1;
    }
    cur
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_values() {
        let expected = [0u64, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55];
        for (n, want) in expected.iter().enumerate() {
            assert_eq!(fib_iter(n as u64), *want);
        }
    }

    #[test]
    fn largest_value_that_fits() {
        assert_eq!(fib_iter(93), 12_200_160_415_121_876_738);
    }
}
