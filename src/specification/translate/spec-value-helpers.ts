/** The largest number of nested calls of copied spec fns one evaluation may make (deeper recursion would overflow the worker's stack). */
export const SPEC_CALL_DEPTH = 400;
/** The most calls of copied spec fns one top-level call may make (naive recursion such as fib(n) is exponential). */
export const SPEC_CALL_BUDGET = 100_000;
/** The most quantifier iterations one clause evaluation may take (a range of 0..u64::MAX would not end). */
export const SPEC_STEP_BUDGET = 100_000;

/**
 * The exec functions the translated spec code calls (the macro compiles a call of `vr_x(..)` to
 * `exec_vr_x(..)`, contrib/exec_spec.rs compile_expr, Expr::Call). Each is exact or panics: checked
 * i128 arithmetic whatever the build profile, Euclidean division as Verus defines it
 * (guide/src/spec-arithmetic.md), and range-checked conversions where the macro's `as` would wrap
 * (Verus leaves an out-of-range cast unspecified: vir/src/prelude.rs, the clip functions). A panic
 * while evaluating a clause is never a counterexample. `exec_vr_enter` bounds the depth and the
 * number of spec fn calls, so a deep or exponential recursion panics instead of crashing or hanging;
 * `exec_vr_step` (each quantifier iteration, counted from `exec_vr_begin` at the start of a clause)
 * does the same for a quantifier over a huge range.
 */
export const SPEC_VALUE_HELPERS = String.raw`
// verus-repair spec-check: exact integer helpers of the translated spec code.
pub trait VrWide { fn vr_wide(self) -> i128; }
macro_rules! vr_wide_impl {
    ($($t:ty),*) => { $(impl VrWide for $t {
        fn vr_wide(self) -> i128 { match i128::try_from(self) { Ok(v) => v, Err(_) => panic!("vr: {} does not fit in i128", self) } }
    })* };
}
vr_wide_impl!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl<'a, T: VrWide + Copy> VrWide for &'a T { fn vr_wide(self) -> i128 { (*self).vr_wide() } }
pub fn exec_vr_int<T: VrWide>(x: T) -> i128 { x.vr_wide() }
pub fn exec_vr_add(a: i128, b: i128) -> i128 { a.checked_add(b).expect("vr: i128 overflow") }
pub fn exec_vr_sub(a: i128, b: i128) -> i128 { a.checked_sub(b).expect("vr: i128 overflow") }
pub fn exec_vr_mul(a: i128, b: i128) -> i128 { a.checked_mul(b).expect("vr: i128 overflow") }
pub fn exec_vr_neg(a: i128) -> i128 { a.checked_neg().expect("vr: i128 overflow") }
pub fn exec_vr_div(a: i128, b: i128) -> i128 { a.checked_div_euclid(b).expect("vr: division by zero (unspecified in spec code)") }
pub fn exec_vr_rem(a: i128, b: i128) -> i128 { a.checked_rem_euclid(b).expect("vr: remainder by zero (unspecified in spec code)") }
pub fn exec_vr_abs(a: i128) -> i128 { a.checked_abs().expect("vr: i128 overflow") }
pub fn exec_vr_max(a: i128, b: i128) -> i128 { if a >= b { a } else { b } }
pub fn exec_vr_min(a: i128, b: i128) -> i128 { if a <= b { a } else { b } }
// vstd::arithmetic::power::pow(b, e) = b * pow(b, e - 1), 1 at e == 0 (power.rs); e is a nat.
pub fn exec_vr_pow(b: i128, e: i128) -> i128 {
    if e < 0 { panic!("vr: {} as nat is unspecified", e) }
    if b == 0 || b == 1 { return if e == 0 { 1 } else { b }; }
    if b == -1 { return if e % 2 == 0 { 1 } else { -1 }; }
    let mut r: i128 = 1;
    for _ in 0..e { r = r.checked_mul(b).expect("vr: i128 overflow"); }
    r
}
// vstd::arithmetic::logarithm::log(base, pow) = 1 + log(base, pow / base) while pow >= base > 1, else 0 (logarithm.rs).
pub fn exec_vr_log(base: i128, pow: i128) -> i128 {
    let (mut p, mut n) = (pow, 0i128);
    while p >= base && base > 1 { p = p.div_euclid(base); n += 1; }
    n
}
// Seq::reverse (seq_lib.rs) and Seq::no_duplicates (seq.rs), over the macro's slices.
pub fn exec_vr_seq_reverse<T: Clone>(s: &[T]) -> Vec<T> { s.iter().rev().cloned().collect() }
pub fn exec_vr_seq_no_duplicates<T: PartialEq>(s: &[T]) -> bool { (0..s.len()).all(|i| (0..i).all(|j| s[j] != s[i])) }
pub fn exec_vr_cast_nat(a: i128) -> i128 { if a < 0 { panic!("vr: {} as nat is unspecified", a) } a }
macro_rules! vr_narrow_impl {
    ($(($t:ident, $narrow:ident, $cast:ident)),*) => { $(
        pub fn $narrow(a: i128) -> $t { match $t::try_from(a) { Ok(v) => v, Err(_) => panic!("vr: {} as {} is unspecified", a, stringify!($t)) } }
        pub fn $cast(a: i128) -> i128 { $narrow(a); a }
    )* };
}
vr_narrow_impl!((u8, exec_vr_narrow_u8, exec_vr_cast_u8), (u16, exec_vr_narrow_u16, exec_vr_cast_u16), (u32, exec_vr_narrow_u32, exec_vr_cast_u32),
    (u64, exec_vr_narrow_u64, exec_vr_cast_u64), (u128, exec_vr_narrow_u128, exec_vr_cast_u128), (usize, exec_vr_narrow_usize, exec_vr_cast_usize),
    (i8, exec_vr_narrow_i8, exec_vr_cast_i8), (i16, exec_vr_narrow_i16, exec_vr_cast_i16), (i32, exec_vr_narrow_i32, exec_vr_cast_i32),
    (i64, exec_vr_narrow_i64, exec_vr_cast_i64), (i128, exec_vr_narrow_i128, exec_vr_cast_i128), (isize, exec_vr_narrow_isize, exec_vr_cast_isize));
thread_local! {
    static VR_DEPTH: std::cell::Cell<u32> = std::cell::Cell::new(0);
    static VR_CALLS: std::cell::Cell<u64> = std::cell::Cell::new(0);
    static VR_STEPS: std::cell::Cell<u64> = std::cell::Cell::new(0);
}
pub fn exec_vr_undecided() -> bool { panic!("vr: a quantifier over an unbounded range is undecided on the values tried") }
pub fn exec_vr_begin() -> bool { VR_STEPS.with(|s| s.set(0)); true }
pub fn exec_vr_step() -> bool {
    if VR_STEPS.with(|s| { let n = s.get() + 1; s.set(n); n }) > ${SPEC_STEP_BUDGET} { panic!("vr: more than ${SPEC_STEP_BUDGET} quantifier steps in one evaluation"); }
    true
}
pub struct VrFrame;
pub fn exec_vr_enter() -> VrFrame {
    let depth = VR_DEPTH.with(|d| { let n = d.get(); d.set(n + 1); n });
    let frame = VrFrame;
    if depth == 0 { VR_CALLS.with(|c| c.set(0)); }
    if depth >= ${SPEC_CALL_DEPTH} { panic!("vr: spec fn recursion deeper than ${SPEC_CALL_DEPTH}"); }
    if VR_CALLS.with(|c| { let n = c.get() + 1; c.set(n); n }) > ${SPEC_CALL_BUDGET} { panic!("vr: more than ${SPEC_CALL_BUDGET} spec fn calls in one evaluation"); }
    frame
}
impl Drop for VrFrame { fn drop(&mut self) { VR_DEPTH.with(|d| d.set(d.get() - 1)); } }
`;
