//! Linear scan for the position of a largest element.
//! Written for verus-repair as a Verus fixture.
use vstd::prelude::*;

verus! {

/// Index of a largest element of a non-empty vector (the first one on ties).
pub fn index_of_max(v: &Vec<i32>) -> (r: usize)
    requires
        v.len() > 0,
    ensures
        r < v.len(),
        forall|i: int| 0 <= i < v.len() ==> #[trigger] v@[i] <= v@[r as int],
{
    let mut best: usize = 0;
    let mut i: usize = 1;
    while i < v.len()
        invariant
            0 < i <= v.len(),
            best < i,
            forall|j: int| 0 <= j < i ==> #[trigger] v@[j] <= v@[best as int],
        decreases v.len() - i,
    {
        if v[i] > v[best] {
            best = i;
        }
        i += 1;
    }
    best
}

/// The largest element itself.
pub fn max_value(v: &Vec<i32>) -> (m: i32)
    requires
        v.len() > 0,
    ensures
        forall|i: int| 0 <= i < v.len() ==> #[trigger] v@[i] <= m,
        exists|i: int| 0 <= i < v.len() && #[trigger] v@[i] == m,
{
    let k = index_of_max(v);
    v[k]
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_first_largest() {
        assert_eq!(index_of_max(&vec![3, -1, 9, 9, 2]), 2);
        assert_eq!(index_of_max(&vec![-5]), 0);
        assert_eq!(index_of_max(&vec![i32::MIN, i32::MAX]), 1);
    }

    #[test]
    fn max_value_matches_iterator_max() {
        let v = vec![4, 8, -2, 8, 0];
        assert_eq!(max_value(&v), *v.iter().max().unwrap());
    }
}
