//! Euclid's algorithm, as a loop and as a recursive function.
//! Written for verus-repair as a Verus fixture.
use vstd::prelude::*;

verus! {

pub open spec fn gcd(a: nat, b: nat) -> nat
    decreases b,
{
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

pub fn gcd_loop(a: u64, b: u64) -> (r: u64)
    ensures
        r == gcd(a as nat, b as nat),
{
    let mut x = a;
    let mut y = b;
    while y != 0
        invariant
            gcd(x as nat, y as nat) == gcd(a as nat, b as nat),
        decreases y,
    {
        let t = x % y;
        x = y;
        y = t;
    }
    x
}

pub fn gcd_recursive(a: u64, b: u64) -> (r: u64)
    ensures
        r == gcd(a as nat, b as nat),
    decreases b,
{
    if b == 0 {
        a
    } else {
        gcd_recursive(b, a % b)
    }
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_known_values() {
        let cases = [(0u64, 0u64, 0u64), (12, 18, 6), (18, 12, 6), (7, 0, 7), (0, 7, 7), (17, 5, 1)];
        for (a, b, want) in cases {
            assert_eq!(gcd_loop(a, b), want);
            assert_eq!(gcd_recursive(a, b), want);
        }
    }

    #[test]
    fn large_operands() {
        assert_eq!(gcd_loop(u64::MAX, u64::MAX - 1), 1);
        assert_eq!(gcd_recursive(1 << 40, 1 << 20), 1 << 20);
    }
}
