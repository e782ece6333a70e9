//! Reversing a vector and recognising palindromes.
//! Written for verus-repair as a Verus fixture.
use vstd::prelude::*;

verus! {

broadcast use vstd::seq_lib::group_seq_properties;

/// A new vector with the elements of `v` in reverse order.
pub fn reversed(v: &Vec<i32>) -> (r: Vec<i32>)
    ensures
        r@.len() == v@.len(),
        forall|i: int| 0 <= i < v@.len() ==> r@[i] == v@[v@.len() - 1 - i],
{
    let mut r: Vec<i32> = Vec::new();
    let mut k: usize = v.len();
    while k > 0
        invariant
            k <= v.len(),
            r@.len() == v@.len() - k,
            forall|i: int| 0 <= i < r@.len() ==> r@[i] == v@[v@.len() - 1 - i],
        decreases k,
    {
        k = k - 1;
        r.push(v[k]);
    }
    r
}

/// True exactly when `v` reads the same in both directions. The trigger must be
/// given by hand: `v@[i]` and `v@[len - 1 - i]` index the same sequence.
pub fn is_palindrome(v: &Vec<i32>) -> (r: bool)
    ensures
        r == (forall|i: int| 0 <= i < v@.len() ==> #[trigger] v@[i] == v@[v@.len() - 1 - i]),
{
    let n = v.len();
    let mut lo: usize = 0;
    while lo < n / 2
        invariant
            n == v.len(),
            lo <= n / 2,
            forall|i: int| 0 <= i < lo ==> #[trigger] v@[i] == v@[n - 1 - i],
        decreases n / 2 - lo,
    {
        if v[lo] != v[n - 1 - lo] {
            return false;
        }
        lo = lo + 1;
    }
    assert forall|i: int| 0 <= i < n implies #[trigger] v@[i] == v@[n - 1 - i] by {
        if i >= n - lo {
            // The mirror position n - 1 - i lies in the checked half.
            assert(v@[n - 1 - i] == v@[n - 1 - (n - 1 - i)]);
        }
    }
    true
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverses() {
        assert_eq!(reversed(&vec![1, 2, 3]), vec![3, 2, 1]);
        assert_eq!(reversed(&vec![]), Vec::<i32>::new());
        let v = vec![4, -4, 0, 7];
        assert_eq!(reversed(&reversed(&v)), v);
    }

    #[test]
    fn recognises_palindromes() {
        assert!(is_palindrome(&vec![]));
        assert!(is_palindrome(&vec![1]));
        assert!(is_palindrome(&vec![1, 2, 1]));
        assert!(is_palindrome(&vec![3, 3]));
        assert!(!is_palindrome(&vec![1, 2]));
        assert!(!is_palindrome(&vec![1, 2, 3, 1]));
    }
}
