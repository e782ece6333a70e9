//! Largest sum of two neighbouring elements, using a small helper with its own contract.
//! Written for verus-repair as a Verus fixture.
use vstd::prelude::*;

verus! {

/// Sum of the neighbours at `i` and `i + 1`, as a mathematical integer.
pub open spec fn pair_sum(s: Seq<u32>, i: int) -> int {
    s[i] + s[i + 1]
}

/// Widened to u64, so the addition itself cannot overflow.
fn neighbour_sum(v: &Vec<u32>, i: usize) -> (r: u64)
    ensures
        r == pair_sum(v@, i as int),
{
    v[i] as u64 + v[i + 1] as u64
}

pub fn max_neighbour_sum(v: &Vec<u32>) -> (r: u64)
    requires
        v.len() >= 2,
    ensures
        forall|i: int| 0 <= i < v.len() - 1 ==> pair_sum(v@, i) <= r,
        exists|i: int| 0 <= i < v.len() - 1 && pair_sum(v@, i) == r,
{
    let mut best = neighbour_sum(v, 0);
    let mut i: usize = 1;
    while i + 1 < v.len()
        invariant
            1 <= i <= v.len() - 1,
            forall|k: int| 0 <= k < i ==> pair_sum(v@, k) <= best,
            exists|k: int| 0 <= k < i && pair_sum(v@, k) == best,
        decreases v.len() - i,
    {
        let s = neighbour_sum(v, i);
        if s > best {
            best = s;
        }
        i = i + 1;
    }
    best
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_best_window() {
        assert_eq!(max_neighbour_sum(&vec![1, 2]), 3);
        assert_eq!(max_neighbour_sum(&vec![5, 1, 1, 4, 4, 0]), 8);
        assert_eq!(max_neighbour_sum(&vec![9, 9, 0, 0]), 18);
    }

    #[test]
    fn does_not_overflow_u32() {
        assert_eq!(max_neighbour_sum(&vec![u32::MAX, u32::MAX]), 2 * u32::MAX as u64);
    }
}
