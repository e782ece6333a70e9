//! The first even element of a vector, with a specification that pins it down: an element of `v`,
//! even, with no even element before it. Written for verus-repair as a fixture of output
//! perturbation (twin: review-even-weak): no other result passes.
use vstd::prelude::*;

verus! {

/// The first even element of `v`.
pub fn pick_even(v: &Vec<u64>) -> (r: u64)
    requires
        exists|k: int| 0 <= k < v.len() && v@[k] % 2 == 0,
    ensures
        r % 2 == 0,
        exists|k: int| 0 <= k < v.len() && v@[k] == r && forall|j: int| 0 <= j < k ==> v@[j] % 2 == 1,
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
