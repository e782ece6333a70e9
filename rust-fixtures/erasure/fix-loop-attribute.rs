use vstd::prelude::*;

verus! {

pub fn count(n: usize) -> (r: usize)
    ensures r == n,
{
    let mut r = 0;
    #[verifier::loop_isolation(false)]
    for i in 0..n
        invariant r == i,
    {
        r = r + 1;
    }
    r
}

} // verus!
