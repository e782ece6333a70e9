//! Two vacuous specifications, for verus-repair's `review` vacuity checks.
//! Written for verus-repair as a `review` fixture.
use vstd::prelude::*;

verus! {

/// Contradictory requires: no `x` is both above 10 and below 5, so any body verifies.
pub fn clamp_small(x: u32) -> (r: u32)
    requires
        x > 10,
        x < 5,
    ensures
        r <= 5,
{
    x
}

/// Ensures that say nothing of the result: the clause only restates the precondition.
pub fn increment(x: u32) -> (r: u32)
    requires
        x < 1000,
    ensures
        x < 1000,
{
    x + 1
}

/// A lemma whose requires contradict each other proves anything.
pub proof fn lemma_small_and_large(x: int)
    requires
        x < 0,
        x > 0,
    ensures
        x == 42,
{
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn increments() {
        assert_eq!(increment(41), 42);
    }
}
