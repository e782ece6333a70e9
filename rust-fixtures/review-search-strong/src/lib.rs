//! Linear search with a specification that pins its behaviour down.
//! Written for verus-repair as a `review` fixture (twin: review-search-weak).
use vstd::prelude::*;

verus! {

/// Returns an index of `key` in `v`, or `None` when `key` is absent.
pub fn find(v: &Vec<u64>, key: u64) -> (r: Option<usize>)
    ensures
        r matches Some(i) ==> i < v.len() && v@[i as int] == key,
        r is None ==> forall|j: int| 0 <= j < v.len() ==> v@[j] != key,
{
    for i in 0..v.len()
        invariant
            forall|j: int| 0 <= j < i ==> v@[j] != key,
    {
        if v[i] == key {
            return Some(i);
        }
    }
    None
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    // The tests are deliberately thin (the same in both twins): the review shows what the
    // specification must catch on its own.
    #[test]
    fn empty_vector_has_no_match() {
        assert_eq!(find(&Vec::new(), 5), None);
    }

    #[test]
    fn a_match_is_in_bounds() {
        let v = vec![4, 8, 15];
        if let Some(i) = find(&v, 8) {
            assert!(i < v.len());
        }
    }
}
