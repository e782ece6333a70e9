//! Bounded arithmetic: spec functions, their lemmas and the u32 helpers that implement them.
use vstd::prelude::*;

verus! {

pub open spec fn min(a: int, b: int) -> int {
    if a <= b { a } else { b }
}

pub open spec fn max(a: int, b: int) -> int {
    if a >= b { a } else { b }
}

pub open spec fn clamp(x: int, lo: int, hi: int) -> int {
    min(max(x, lo), hi)
}

pub open spec fn abs_diff(a: int, b: int) -> int {
    if a >= b { a - b } else { b - a }
}

pub proof fn lemma_min_le(a: int, b: int)
    ensures
        min(a, b) <= a,
        min(a, b) <= b,
{
}

pub proof fn lemma_max_ge(a: int, b: int)
    ensures
        max(a, b) >= a,
        max(a, b) >= b,
{
}

pub proof fn lemma_clamp_bounds(x: int, lo: int, hi: int)
    requires
        lo <= hi,
    ensures
        lo <= clamp(x, lo, hi) <= hi,
{
    lemma_max_ge(x, lo);
    lemma_min_le(max(x, lo), hi);
}

pub proof fn lemma_abs_diff_symmetric(a: int, b: int)
    ensures
        abs_diff(a, b) == abs_diff(b, a),
{
}

pub fn min_u32(a: u32, b: u32) -> (r: u32)
    ensures
        r == min(a as int, b as int),
{
    if a <= b { a } else { b }
}

pub fn max_u32(a: u32, b: u32) -> (r: u32)
    ensures
        r == max(a as int, b as int),
{
    if a >= b { a } else { b }
}

pub fn clamp_u32(x: u32, lo: u32, hi: u32) -> (r: u32)
    requires
        lo <= hi,
    ensures
        r == clamp(x as int, lo as int, hi as int),
        lo <= r <= hi,
{
    proof {
        lemma_clamp_bounds(x as int, lo as int, hi as int);
    }
    min_u32(max_u32(x, lo), hi)
}

pub fn saturating_add_u32(a: u32, b: u32) -> (r: u32)
    ensures
        r == min(a + b, 0xFFFF_FFFF),
{
    if a > 0xFFFF_FFFF - b { 0xFFFF_FFFF } else { a + b }
}

pub fn abs_diff_u32(a: u32, b: u32) -> (r: u32)
    ensures
        r == abs_diff(a as int, b as int),
{
    if a >= b { a - b } else { b - a }
}

} // verus!
