//! Maximum of a non-empty vector whose specification is deliberately weak: the ensures give an
//! upper bound but never say the result is an element. Written for verus-repair as a `review`
//! fixture (twin: review-max-strong).
use vstd::prelude::*;

verus! {

/// The largest element of `v`. WEAK: `u64::MAX` satisfies the ensures for every `v`.
pub fn max_of(v: &Vec<u64>) -> (r: u64)
    requires
        v.len() > 0,
    ensures
        forall|i: int| 0 <= i < v.len() ==> v@[i] <= r,
{
    let mut best: u64 = 0;
    for i in 0..v.len()
        invariant
            forall|j: int| 0 <= j < i ==> v@[j] <= best,
    {
        if v[i] > best {
            best = v[i];
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
        let r = max_of(&v);
        assert!(v.iter().all(|&x| x <= r));
    }
}
