//! Linear search whose specification is deliberately weak: the ensures only bound the index.
//! Written for verus-repair as a `review` fixture (twin: review-search-strong).
use vstd::prelude::*;

verus! {

/// Returns an index of `key` in `v`, if any. WEAK: nothing says `v[i] == key`, nor that `None`
/// means absent, so an implementation returning any in-bounds index (or always `None`) verifies.
pub fn find(v: &Vec<u64>, key: u64) -> (r: Option<usize>)
    ensures
        r matches Some(i) ==> i < v.len(),
{
    for i in 0..v.len() {
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
