use vstd::prelude::*;

verus! {

pub fn prefetch_smoke_test(x: u8) -> (y: u8)
    ensures y == x,
{
    x
}

} // verus!
