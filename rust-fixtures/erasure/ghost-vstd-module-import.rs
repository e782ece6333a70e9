use vstd::prelude::*;
use vstd::std_specs::bits::u64_leading_zeros;

verus! {

pub fn leading(x: u64) -> (r: u32)
    ensures r == u64_leading_zeros(x),
{
    x.leading_zeros()
}

} // verus!
