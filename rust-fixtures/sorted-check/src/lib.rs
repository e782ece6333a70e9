//! Checking sortedness by comparing neighbours, with the lemma that lifts
//! neighbour-wise order to order between any two positions.
//! Written for verus-repair as a Verus fixture.
use vstd::prelude::*;

verus! {

/// Any two positions are in order.
pub open spec fn sorted(s: Seq<i64>) -> bool {
    forall|i: int, j: int| 0 <= i <= j < s.len() ==> s[i] <= s[j]
}

/// Each element is at most its right neighbour. Automatic trigger selection rejects
/// `s[i]` here (it would loop through `s[i + 1]`), so the trigger is given by hand.
pub open spec fn adjacent_sorted(s: Seq<i64>) -> bool {
    forall|i: int| 0 <= i < s.len() - 1 ==> #[trigger] s[i] <= s[i + 1]
}

proof fn lemma_adjacent_chain(s: Seq<i64>, i: int, j: int)
    requires
        adjacent_sorted(s),
        0 <= i <= j < s.len(),
    ensures
        s[i] <= s[j],
    decreases j - i,
{
    if i < j {
        lemma_adjacent_chain(s, i, j - 1);
        assert(s[j - 1] <= s[j]);
    }
}

pub proof fn lemma_adjacent_implies_sorted(s: Seq<i64>)
    requires
        adjacent_sorted(s),
    ensures
        sorted(s),
{
    assert forall|i: int, j: int| 0 <= i <= j < s.len() implies s[i] <= s[j] by {
        lemma_adjacent_chain(s, i, j);
    }
}

/// True exactly when `v` is sorted.
pub fn is_sorted(v: &Vec<i64>) -> (r: bool)
    ensures
        r == sorted(v@),
{
    let n = v.len();
    if n < 2 {
        return true;
    }
    let mut i: usize = 0;
    while i < n - 1
        invariant
            n == v.len(),
            n >= 2,
            i <= n - 1,
            forall|k: int| 0 <= k < i ==> #[trigger] v@[k] <= v@[k + 1],
        decreases n - 1 - i,
    {
        if v[i] > v[i + 1] {
            return false;
        }
        i += 1;
    }
    proof {
        lemma_adjacent_implies_sorted(v@);
    }
    true
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_sorted_input() {
        assert!(is_sorted(&vec![]));
        assert!(is_sorted(&vec![7]));
        assert!(is_sorted(&vec![-3, -3, 0, 8, 8, 100]));
    }

    #[test]
    fn rejects_any_inversion() {
        assert!(!is_sorted(&vec![2, 1]));
        assert!(!is_sorted(&vec![1, 2, 3, 5, 4]));
        assert!(!is_sorted(&vec![i64::MAX, i64::MIN]));
    }
}
