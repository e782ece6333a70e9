//! An even element of a vector, with a specification that is deliberately weak: the ensures say the
//! result is an even element of `v`, but not which one when there are several. Written for
//! verus-repair as a fixture of output perturbation (twin: review-even-strong): no result r +- 1
//! passes (it is odd), but another even element of `v` does.
use vstd::prelude::*;

verus! {

/// An even element of `v`. WEAK: when `v` holds two different even elements, either verifies, so
/// the specification does not say that callers get the first.
pub fn pick_even(v: &Vec<u64>) -> (r: u64)
    requires
        exists|k: int| 0 <= k < v.len() && v@[k] % 2 == 0,
    ensures
        r % 2 == 0,
        exists|k: int| 0 <= k < v.len() && v@[k] == r,
{
    let mut i: usize = 0;
    while i < v.len()
        invariant
            0 <= i <= v.len(),
            forall|j: int| 0 <= j < i ==> v@[j] % 2 == 1,
            exists|k: int| i <= k < v.len() && v@[k] % 2 == 0,
        decreases v.len() - i,
    {
        if v[i] % 2 == 0 {
            return v[i];
        }
        i += 1;
    }
    // Unreachable: the invariant keeps an even element at or after i.
    0
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    // The tests are deliberately thin (the same in both twins): the specification must say what
    // the function returns on its own.
    #[test]
    fn returns_an_even_element() {
        let v = vec![3, 4, 7, 8];
        let r = pick_even(&v);
        assert!(r % 2 == 0 && v.contains(&r));
    }
}
