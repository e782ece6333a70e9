extern crate verus_builtin_macros;
use vstd::prelude::*;

verus! {

pub fn double(x: u32) -> (r: u32)
    requires x < 1000,
    ensures r == 2 * x,
{
    x * 2
}

} // verus!
