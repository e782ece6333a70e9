//! Inputs of `verus-repair check-spec` (docs/spec-check.md): exec functions whose specifications
//! are checked by running the erased code on generated inputs. Written for verus-repair.
//! Some functions here are wrong on purpose, and some cannot be executed; see each comment.
use vstd::prelude::*;

verus! {

pub open spec fn in_range(x: u32, lo: u32, hi: u32) -> bool {
    lo <= x && x <= hi
}

/// Wrong at a boundary: the ensures claims `r < hi`, false whenever the result is `hi`
/// (smallest case: x = lo = hi = 0).
pub fn clamp_wrong(x: u32, lo: u32, hi: u32) -> (r: u32)
    requires
        lo <= hi,
    ensures
        lo <= r && r < hi,
        in_range(x, lo, hi) ==> r == x,
{
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// The correct twin of clamp_wrong: same code, true ensures.
pub fn clamp(x: u32, lo: u32, hi: u32) -> (r: u32)
    requires
        lo <= hi,
    ensures
        in_range(r, lo, hi),
        in_range(x, lo, hi) ==> r == x,
        x < lo ==> r == lo,
        x > hi ==> r == hi,
{
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// Correct: the largest element of a non-empty vector.
pub fn max_of(v: &Vec<u64>) -> (m: u64)
    requires
        v.len() > 0,
    ensures
        forall|i: int| 0 <= i < v.len() ==> v@[i] <= m,
        exists|i: int| 0 <= i < v.len() && v@[i] == m,
{
    let mut m = v[0];
    let mut k: usize = 1;
    while k < v.len()
        invariant
            1 <= k <= v.len(),
            forall|i: int| 0 <= i < k ==> v@[i] <= m,
            exists|i: int| 0 <= i < k && v@[i] == m,
        decreases v.len() - k,
    {
        if v[k] > m {
            m = v[k];
        }
        k = k + 1;
    }
    m
}

/// Correct, through a `&mut` parameter: old(v) before the call, final(v) after.
pub fn bump_first(v: &mut Vec<u8>)
    requires
        old(v).len() > 0,
        old(v)[0] < 255,
    ensures
        final(v).len() == old(v).len(),
        final(v)[0] == old(v)[0] + 1,
{
    let first = v[0];
    v.set(0, first + 1);
}

/// Not executable: an unbounded quantifier over int (no lower bound on i).
pub fn below_bound(n: u32) -> (r: u32)
    ensures
        forall|i: int| i < r ==> i < n + 1,
{
    n
}

/// Not executable: choose.
pub fn some_index(n: u32) -> (r: u32)
    requires
        n > 0,
    ensures
        r == choose|i: u32| i < n,
{
    0
}

/// Not executable: a generic function.
pub fn first_of<T: Copy>(v: &Vec<T>) -> (r: T)
    requires
        v.len() > 0,
    ensures
        r == v@[0],
{
    v[0]
}

/// The first ensures does not compile in the harness: with `as int` erased by the macro it
/// compares a usize with a u64 (rustc E0308). The second one is checked as usual.
pub fn widen(n: u64) -> (r: usize)
    requires
        n <= 100,
    ensures
        r as int == n as int,
        r <= 100,
{
    n as usize
}

/// Panics on every input: the index is always one past the end.
pub fn past_the_end(v: &Vec<u8>) -> (r: u8)
    ensures
        r == 0,
{
    v[v.len()]
}

/// Never returns.
#[verifier::exec_allows_no_decreases_clause]
pub fn spin(x: u32) -> (r: u32)
    ensures
        r == x,
{
    let mut i: u32 = x;
    loop
        invariant
            i == x,
    {
        i = x;
    }
}

/// Correct, with typed loop variables: the loop invariants a repair candidate proposes for it can be
/// checked at run time (docs/spec-check.md, "Candidate loop invariants"); `forall .. < m` is false.
pub fn running_max(v: &Vec<u64>) -> (m: u64)
    requires
        v.len() > 0,
    ensures
        forall|j: int| 0 <= j < v.len() ==> v@[j] <= m,
{
    let mut m: u64 = v[0];
    let mut k: usize = 1;
    while k < v.len()
        invariant
            1 <= k <= v.len(),
            forall|i: int| 0 <= i < k ==> v@[i] <= m,
        decreases v.len() - k,
    {
        if v[k] > m {
            m = v[k];
        }
        k = k + 1;
    }
    m
}

} // verus!

#[cfg(test)]
mod tests {
    #[test]
    fn clamp_keeps_values_in_range() {
        assert_eq!(super::clamp(5, 0, 3), 3);
        assert_eq!(super::clamp_wrong(2, 0, 3), 2);
        assert_eq!(super::max_of(&vec![1, 7, 3]), 7);
    }
}
