//! Inputs of check-spec's per-input limits (docs/spec-check.md, "Timeouts and the memory cap"):
//! correct functions that do not return in time, or allocate without bound, on large inputs, and
//! one that cannot be executed. Written for verus-repair.
use vstd::prelude::*;

verus! {

/// Correct. Its loop runs n times: an n near u64::MAX does not return within any call timeout,
/// while the small inputs return at once.
pub fn count_up(n: u64) -> (r: u64)
    ensures
        r == n,
{
    let mut i: u64 = 0;
    while i < n
        invariant
            i <= n,
        decreases n - i,
    {
        i = i + 1;
    }
    i
}

/// Correct. Allocates 8 bytes per unit of n, in a loop: a large n exceeds any memory cap.
pub fn zeros(n: u32) -> (v: Vec<u64>)
    ensures
        v.len() == n,
{
    let mut v: Vec<u64> = Vec::new();
    let mut i: u32 = 0;
    while i < n
        invariant
            i <= n,
            v.len() == i,
        decreases n - i,
    {
        v.push(0);
        i = i + 1;
    }
    v
}

/// Correct and quick on every input.
pub fn double(x: u8) -> (r: u16)
    ensures
        r == 2 * x,
{
    (x as u16) * 2
}

/// Not executable: a generic function (its two clauses are counted, and not checked).
pub fn first<T: Copy>(v: &Vec<T>) -> (r: T)
    requires
        v.len() > 0,
    ensures
        r == v@[0],
{
    v[0]
}

/// No specification: not a target of a whole-crate check.
pub fn identity(x: u8) -> u8 {
    x
}

} // verus!

#[cfg(test)]
mod tests {
    #[test]
    fn small_inputs_return() {
        assert_eq!(super::count_up(5), 5);
        assert_eq!(super::zeros(3).len(), 3);
        assert_eq!(super::double(200), 400);
        assert_eq!(super::first(&vec![4, 2]), 4);
        assert_eq!(super::identity(7), 7);
    }
}
