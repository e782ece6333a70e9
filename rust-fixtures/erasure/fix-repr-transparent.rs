use vstd::prelude::*;

verus! {

#[repr(transparent)]
pub struct Entry {
    pub bits: u64,
    pub layer: Ghost<nat>,
}

pub fn bits_of(e: &Entry) -> (r: u64)
    ensures r == e.bits,
{
    e.bits
}

} // verus!
