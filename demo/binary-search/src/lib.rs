//! Binary search over a sorted vector of `u64` keys.
//! Written for verus-repair as a Verus fixture.
use vstd::prelude::*;

verus! {

/// `s` is sorted in non-decreasing order.
pub open spec fn sorted(s: Seq<u64>) -> bool {
    forall|i: int, j: int| 0 <= i <= j < s.len() ==> s[i] <= s[j]
}

/// Finds `key` in the sorted vector `v`.
pub fn binary_search(v: &Vec<u64>, key: u64) -> (r: Option<usize>)
    requires
        sorted(v@),
    ensures
        r matches Some(i) ==> i < v.len() && v@[i as int] == key,
        r is None ==> forall|i: int| 0 <= i < v.len() ==> v@[i] != key,
{
    let mut lo: usize = 0;
    let mut hi: usize = v.len();
    while lo < hi
        invariant
            lo <= hi <= v.len(),
            forall|i: int| 0 <= i < lo ==> v@[i] < key,
            forall|i: int| hi <= i < v.len() ==> v@[i] > key,
        decreases hi - lo,
    {
        // No overflow: lo < hi, so hi - lo is positive and lo + (hi - lo) / 2 < hi.
        let mid = lo + (hi - lo) / 2;
        if v[mid] < key {
            lo = mid + 1;
        } else if v[mid] > key {
            hi = mid;
        } else {
            return Some(mid);
        }
    }
    None
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_present_key() {
        let v = vec![1, 3, 3, 7, 10, 42];
        for key in [1u64, 3, 7, 10, 42] {
            let i = binary_search(&v, key).expect("key is present");
            assert_eq!(v[i], key);
        }
    }

    #[test]
    fn reports_missing_keys() {
        let v = vec![2, 4, 6];
        for key in [0u64, 1, 3, 5, 7, u64::MAX] {
            assert_eq!(binary_search(&v, key), None);
        }
        assert_eq!(binary_search(&Vec::new(), 5), None);
    }
}
