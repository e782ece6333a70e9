use vstd::prelude::*;
use crate::defs::aligned;

pub mod defs {
    use vstd::prelude::*;
    verus! {
    pub open spec fn aligned(addr: nat, size: nat) -> bool {
        size > 0 && addr % size == 0
    }
    } // verus!
}

verus! {

pub fn align_down(addr: u64) -> (r: u64)
    ensures aligned(r as nat, 4096),
{
    addr - addr % 4096
}

} // verus!
