use vstd::prelude::*;

verus! {

pub fn first(v: &Vec<u8>) -> (r: u8)
    requires v.len() > 0,
{
    match v.first() {
        Some(x) => *x,
        None => unreached(),
    }
}

} // verus!
