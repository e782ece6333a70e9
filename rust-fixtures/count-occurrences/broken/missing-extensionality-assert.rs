//! Zählt Vorkommen — counts how often a value occurs (∑ over a prefix, 数える).
//! Written for verus-repair as a Verus fixture; the non-ASCII text is deliberate,
//! because span conversion (UTF-8 bytes vs. characters) is tested on this file.
use vstd::prelude::*;

verus! {

/// Number of positions of `s` holding `x`, peeled off from the right end.
pub open spec fn count(s: Seq<u64>, x: u64) -> nat
    decreases s.len(),
{
    if s.len() == 0 {
        0
    } else {
        count(s.drop_last(), x) + if s.last() == x { 1nat } else { 0nat }
    }
}

/// Counts the occurrences of `x` in `v` — « naïve » single pass.
pub fn count_occurrences(v: &Vec<u64>, x: u64) -> (r: usize)
    ensures
        r == count(v@, x),
{
    let mut n: usize = 0;
    let mut i: usize = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            n <= i,
            n == count(v@.subrange(0, i as int), x),
        decreases v.len() - i,
    {
        if v[i] == x {
            n = n + 1;
        }
        i = i + 1;
    }
    assert(v@.subrange(0, v.len() as int) =~= v@);
    n
}

} // verus!

/// Plain Rust outside `verus!`: a label for the count (not verified).
pub fn describe(found: usize) -> String {
    format!("{found} × gefunden ✓")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_repeated_values() {
        let v = vec![5, 1, 5, 5, 2];
        assert_eq!(count_occurrences(&v, 5), 3);
        assert_eq!(count_occurrences(&v, 2), 1);
        assert_eq!(count_occurrences(&v, 9), 0);
        assert_eq!(count_occurrences(&Vec::new(), 9), 0);
    }

    #[test]
    fn describes_with_unicode() {
        assert_eq!(describe(3), "3 × gefunden ✓");
        assert_eq!(describe(3).chars().count(), 14);
    }
}
