//! Index of the maximum of a non-empty vector, with a specification that pins it down: an index
//! in bounds, of an element no smaller than any other, and the first such index. Written for
//! verus-repair as a `review` fixture (twin: review-max-weak).
use vstd::prelude::*;

verus! {

/// The index of the first largest element of `v`.
pub fn max_index(v: &Vec<u64>) -> (r: usize)
    requires
        v.len() > 0,
    ensures
        r < v.len(),
        forall|i: int| 0 <= i < v.len() ==> v@[i] <= v@[r as int],
        forall|i: int| 0 <= i < r ==> v@[i] < v@[r as int],
{
    let mut best: usize = 0;
    for i in 1..v.len()
        invariant
            best < i,
            forall|j: int| 0 <= j < i ==> v@[j] <= v@[best as int],
            forall|j: int| 0 <= j < best ==> v@[j] < v@[best as int],
    {
        if v[i] > v[best] {
            best = i;
        }
    }
    best
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    // The tests are deliberately thin (the same in both twins): the review shows what the
    // specification must catch on its own.
    #[test]
    fn is_an_upper_bound() {
        let v = vec![3, 9, 2];
        let r = max_index(&v);
        assert!(v.iter().all(|&x| x <= v[r]));
    }
}
