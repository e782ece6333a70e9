use vstd::prelude::*;
use deps_hack::pmsized_primitive;

verus! {

pub fn one() -> u32 { 1 }

} // verus!
