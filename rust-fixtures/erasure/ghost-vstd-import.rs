use vstd::prelude::*;
use vstd::math::abs;

verus! {

pub fn distance(a: i32, b: i32) -> (r: i64)
    ensures r == abs(a - b),
{
    let d = a as i64 - b as i64;
    if d < 0 { -d } else { d }
}

} // verus!
