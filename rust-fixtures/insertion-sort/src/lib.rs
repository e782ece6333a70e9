//! In-place insertion sort with nested loops. The spec covers order and length only
//! (not that the result is a permutation of the input).
//! Written for verus-repair as a Verus fixture.
use vstd::prelude::*;

verus! {

/// The first `k` elements of `s` are in order.
pub open spec fn sorted_prefix(s: Seq<u64>, k: int) -> bool {
    forall|a: int, b: int| 0 <= a <= b < k ==> s[a] <= s[b]
}

pub open spec fn sorted(s: Seq<u64>) -> bool {
    sorted_prefix(s, s.len() as int)
}

pub fn insertion_sort(v: &mut Vec<u64>)
    ensures
        final(v)@.len() == old(v)@.len(),
        sorted(final(v)@),
{
    let n = v.len();
    let mut i: usize = 0;
    while i < n
        invariant
            n == v.len(),
            n == old(v)@.len(),
            i <= n,
            sorted_prefix(v@, i as int),
        decreases n - i,
    {
        // Sink v[i] to its place; j is the position of the element being inserted.
        let mut j = i;
        while j > 0 && v[j - 1] > v[j]
            invariant
                n == v.len(),
                n == old(v)@.len(),
                j <= i < n,
                forall|a: int, b: int|
                    0 <= a <= b <= i && a != j && b != j ==> v@[a] <= v@[b],
                forall|b: int| j < b <= i ==> v@[j as int] < #[trigger] v@[b],
            decreases j,
        {
            let left = v[j - 1];
            let here = v[j];
            v[j - 1] = here;
            v[j] = left;
            j = j - 1;
        }
        i = i + 1;
    }
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted_copy(input: &[u64]) -> Vec<u64> {
        let mut v = input.to_vec();
        insertion_sort(&mut v);
        v
    }

    #[test]
    fn sorts_like_the_standard_library() {
        let inputs: [&[u64]; 5] = [&[], &[1], &[3, 1, 2], &[5, 5, 1, 0, 5], &[9, 8, 7, 6, 5, 4, 3, 2, 1, 0]];
        for input in inputs {
            let mut expected = input.to_vec();
            expected.sort();
            assert_eq!(sorted_copy(input), expected);
        }
    }

    #[test]
    fn keeps_extreme_values() {
        assert_eq!(sorted_copy(&[u64::MAX, 0, u64::MAX]), vec![0, u64::MAX, u64::MAX]);
    }
}
