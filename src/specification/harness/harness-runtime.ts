import { SEED_CHARS_VARIABLE, SEED_INTEGERS_VARIABLE } from '../inputs/seed-inputs.js';

/**
 * The Rust half of the spec-check harness (generation, shrinking, the checking loop): the source of
 * the runtime crate (writeHarnessRuntimeCrate) every harness crate depends on, so it compiles once
 * per target directory. The checking loop works on type-erased values (the Checked trait object):
 * it is compiled here, once, and each check instantiates only its Check's downcasts and the Value
 * impls of its own types.
 */
export const HARNESS_RUNTIME = String.raw`// verus-repair spec-check runtime: value generation, shrinking, the checking loop.
#![allow(warnings)]
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Rng(u64);
impl Rng {
    pub fn new(seed: u64) -> Rng { Rng(seed ^ 0x9E37_79B9_7F4A_7C15) }
    // splitmix64: small, deterministic for a seed on every platform.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 { if n == 0 { 0 } else { self.next() % n } }
}

pub trait Value: Clone + Send + 'static {
    /// Small values first: the bounded-exhaustive part enumerates these in order.
    fn small() -> Vec<Self>;
    fn random(rng: &mut Rng) -> Self;
    /// Simpler values (nearer 0, shorter), simplest first.
    fn shrink(&self) -> Vec<Self>;
    fn show(&self) -> String;
    fn size(&self) -> u128;
    /// Results near this one that a precise ensures should reject (output perturbation): r ± 1, None for Some, a flipped bool, one element changed, two swapped.
    /// (Another element of an input vector comes from the check: Check::input_elements.)
    fn perturb(&self) -> Vec<Self> { Vec::new() }
}

macro_rules! unsigned_value {
    ($($t:ty),*) => { $(impl Value for $t {
        fn small() -> Vec<Self> { vec![0, 1, 2, <$t>::MAX, <$t>::MAX - 1, 3] }
        fn random(rng: &mut Rng) -> Self {
            match rng.below(4) {
                0 | 1 => rng.below(11) as $t,
                2 => <$t>::MAX - (rng.below(3) as $t),
                _ => (((rng.next() as u128) << 64) | rng.next() as u128) as $t,
            }
        }
        fn shrink(&self) -> Vec<Self> {
            let x = *self;
            let mut out = Vec::new();
            for c in [0, x / 2, x.saturating_sub(1)] { if c < x && !out.contains(&c) { out.push(c); } }
            out
        }
        fn show(&self) -> String { format!("{}", self) }
        fn size(&self) -> u128 { *self as u128 }
        fn perturb(&self) -> Vec<Self> { [self.checked_add(1), self.checked_sub(1)].into_iter().flatten().collect() }
    })* };
}
macro_rules! signed_value {
    ($($t:ty),*) => { $(impl Value for $t {
        fn small() -> Vec<Self> { vec![0, 1, -1, 2, -2, <$t>::MAX, <$t>::MIN, <$t>::MAX - 1, <$t>::MIN + 1, 3] }
        fn random(rng: &mut Rng) -> Self {
            match rng.below(4) {
                0 | 1 => rng.below(21) as $t - 10,
                2 => if rng.below(2) == 0 { <$t>::MAX - (rng.below(3) as $t) } else { <$t>::MIN + (rng.below(3) as $t) },
                _ => (((rng.next() as u128) << 64) | rng.next() as u128) as $t,
            }
        }
        fn shrink(&self) -> Vec<Self> {
            let x = *self;
            let mut out = Vec::new();
            let toward = if x > 0 { x - 1 } else if x < 0 { x + 1 } else { 0 };
            for c in [0, x / 2, toward] { if c.unsigned_abs() < x.unsigned_abs() && !out.contains(&c) { out.push(c); } }
            if x < 0 && x != <$t>::MIN && !out.contains(&-x) { out.push(-x); }
            out
        }
        fn show(&self) -> String { format!("{}", self) }
        fn size(&self) -> u128 { self.unsigned_abs() as u128 }
        fn perturb(&self) -> Vec<Self> { [self.checked_add(1), self.checked_sub(1)].into_iter().flatten().collect() }
    })* };
}
unsigned_value!(u8, u16, u32, u64, u128, usize);
signed_value!(i8, i16, i32, i64, i128, isize);

impl Value for bool {
    fn small() -> Vec<Self> { vec![false, true] }
    fn random(rng: &mut Rng) -> Self { rng.below(2) == 1 }
    fn shrink(&self) -> Vec<Self> { if *self { vec![false] } else { vec![] } }
    fn show(&self) -> String { format!("{}", self) }
    fn size(&self) -> u128 { *self as u128 }
    fn perturb(&self) -> Vec<Self> { vec![!*self] }
}

impl Value for () {
    fn small() -> Vec<Self> { vec![()] }
    fn random(_rng: &mut Rng) -> Self {}
    fn shrink(&self) -> Vec<Self> { vec![] }
    fn show(&self) -> String { "()".to_string() }
    fn size(&self) -> u128 { 0 }
}

const MAX_SMALL_LEN: usize = 4;
const MAX_RANDOM_LEN: u64 = 8;

impl<T: Value> Value for Vec<T> {
    fn small() -> Vec<Self> {
        // Every vector up to length 4 over the three simplest elements, shortest first, then extremes.
        let elements: Vec<T> = T::small().into_iter().take(3).collect();
        let mut out: Vec<Vec<T>> = vec![vec![]];
        let mut layer: Vec<Vec<T>> = vec![vec![]];
        for _ in 0..MAX_SMALL_LEN {
            let mut next = Vec::new();
            for prefix in &layer { for e in &elements { let mut v = prefix.clone(); v.push(e.clone()); next.push(v); } }
            out.extend(next.iter().cloned());
            layer = next;
        }
        for e in T::small().into_iter().skip(3) { out.push(vec![e.clone()]); out.push(vec![T::small()[0].clone(), e]); }
        out
    }
    fn random(rng: &mut Rng) -> Self { let n = rng.below(MAX_RANDOM_LEN + 1); (0..n).map(|_| T::random(rng)).collect() }
    fn shrink(&self) -> Vec<Self> {
        let mut out = Vec::new();
        if !self.is_empty() { out.push(vec![]); }
        for i in 0..self.len() { let mut v = self.clone(); v.remove(i); out.push(v); }
        for i in 0..self.len() { for s in self[i].shrink() { let mut v = self.clone(); v[i] = s; out.push(v); } }
        out
    }
    fn show(&self) -> String { format!("[{}]", self.iter().map(|x| x.show()).collect::<Vec<_>>().join(", ")) }
    fn size(&self) -> u128 { self.iter().fold(1u128 << 64, |a, x| a.saturating_add(1u128 << 64).saturating_add(x.size())) }
    fn perturb(&self) -> Vec<Self> {
        let mut out = Vec::new();
        for i in 0..self.len() { if let Some(e) = self[i].perturb().into_iter().next() { let mut v = self.clone(); v[i] = e; out.push(v); } }
        for i in 1..self.len() { if self[i - 1].show() != self[i].show() { let mut v = self.clone(); v.swap(i - 1, i); out.push(v); } }
        out
    }
}

impl<T: Value> Value for Option<T> {
    fn small() -> Vec<Self> { let mut out = vec![None]; out.extend(T::small().into_iter().map(Some)); out }
    fn random(rng: &mut Rng) -> Self { if rng.below(4) == 0 { None } else { Some(T::random(rng)) } }
    fn shrink(&self) -> Vec<Self> {
        match self { None => vec![], Some(x) => { let mut out = vec![None]; out.extend(x.shrink().into_iter().map(Some)); out } }
    }
    fn show(&self) -> String { match self { None => "None".to_string(), Some(x) => format!("Some({})", x.show()) } }
    fn size(&self) -> u128 { match self { None => 0, Some(x) => x.size().saturating_add(1) } }
    fn perturb(&self) -> Vec<Self> { match self { None => vec![], Some(x) => { let mut out = vec![None]; out.extend(x.perturb().into_iter().map(Some)); out } } }
}

// Characters: the simplest first, then the ones specs test for (brackets, digits, case, vowels), then any.
const CHAR_POOL: [char; 24] = ['a', 'b', ' ', '0', 'A', '(', ')', '<', '>', '[', ']', 'z', 'Z', '9', 'e', 'E', 'y', 'Y', '.', ',', '-', '\n', '\u{e9}', '\u{1F600}'];
impl Value for char {
    fn small() -> Vec<Self> { vec!['a', 'b', ' ', '0', 'A', '(', ')', 'z', '\u{e9}'] }
    fn random(rng: &mut Rng) -> Self {
        match rng.below(10) {
            0..=5 => CHAR_POOL[rng.below(CHAR_POOL.len() as u64) as usize],
            6..=8 => char::from_u32(32 + rng.below(95) as u32).unwrap_or('a'),
            _ => char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{FFFD}'),
        }
    }
    fn shrink(&self) -> Vec<Self> { if *self == 'a' { vec![] } else if self.is_ascii() { vec!['a'] } else { vec!['a', 'b'] } }
    fn show(&self) -> String { format!("{:?}", self) }
    fn size(&self) -> u128 { if *self == 'a' { 0 } else if self.is_ascii_alphanumeric() { 1 } else if self.is_ascii() { 2 } else { 3 + *self as u128 } }
    fn perturb(&self) -> Vec<Self> { [char::from_u32(*self as u32 + 1), (*self as u32).checked_sub(1).and_then(char::from_u32)].into_iter().flatten().collect() }
}

/// A String (also what a &str parameter borrows) is generated, shrunk and perturbed as its characters.
impl Value for String {
    fn small() -> Vec<Self> { Vec::<char>::small().into_iter().map(|v| v.into_iter().collect()).collect() }
    fn random(rng: &mut Rng) -> Self { Vec::<char>::random(rng).into_iter().collect() }
    fn shrink(&self) -> Vec<Self> { self.chars().collect::<Vec<char>>().shrink().into_iter().map(|v| v.into_iter().collect()).collect() }
    fn show(&self) -> String { format!("{:?}", self) }
    fn size(&self) -> u128 { self.chars().collect::<Vec<char>>().size() }
    fn perturb(&self) -> Vec<Self> { self.chars().collect::<Vec<char>>().perturb().into_iter().map(|v| v.into_iter().collect()).collect() }
}

impl<T: Value, const N: usize> Value for [T; N] {
    fn small() -> Vec<Self> {
        // Arrays over the three simplest elements in order of their sum (at most 64), then each extreme everywhere.
        let elements: Vec<T> = T::small().into_iter().take(3).collect();
        let mut out: Vec<Self> = diagonal(&vec![elements.len(); N], 64).into_iter().map(|ix| std::array::from_fn(|k| elements[ix[k]].clone())).collect();
        for e in T::small().into_iter().skip(3) { out.push(std::array::from_fn(|_| e.clone())); }
        out
    }
    fn random(rng: &mut Rng) -> Self { std::array::from_fn(|_| T::random(rng)) }
    fn shrink(&self) -> Vec<Self> {
        let mut out = Vec::new();
        for i in 0..N { for s in self[i].shrink() { let mut a = self.clone(); a[i] = s; out.push(a); } }
        out
    }
    fn show(&self) -> String { format!("[{}]", self.iter().map(|x| x.show()).collect::<Vec<_>>().join(", ")) }
    fn size(&self) -> u128 { self.iter().fold(0u128, |a, x| a.saturating_add(x.size())) }
    fn perturb(&self) -> Vec<Self> {
        let mut out = Vec::new();
        for i in 0..N { if let Some(e) = self[i].perturb().into_iter().next() { let mut a = self.clone(); a[i] = e; out.push(a); } }
        for i in 1..N { if self[i - 1].show() != self[i].show() { let mut a = self.clone(); a.swap(i - 1, i); out.push(a); } }
        out
    }
}

/// Index vectors over lists of the given lengths in order of their sum (small combinations first).
fn diagonal(lengths: &[usize], cap: usize) -> Vec<Vec<usize>> {
    fn fill(lengths: &[usize], remaining: usize, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>, cap: usize) {
        if out.len() >= cap { return; }
        if prefix.len() == lengths.len() { if remaining == 0 { out.push(prefix.clone()); } return; }
        let here = lengths[prefix.len()];
        for i in 0..here.min(remaining + 1) { prefix.push(i); fill(lengths, remaining - i, prefix, out, cap); prefix.pop(); }
    }
    let mut out = Vec::new();
    if lengths.iter().any(|l| *l == 0) { return out; }
    let total: usize = lengths.iter().map(|l| l - 1).sum();
    for s in 0..=total { fill(lengths, s, &mut Vec::new(), &mut out, cap); if out.len() >= cap { break; } }
    out
}

/// The parameters of a function, as a tuple: enumerated, shrunk and shown one parameter at a time.
pub trait Inputs: Clone + Send + 'static {
    fn exhaustive(cap: usize) -> Vec<Self>;
    fn random(rng: &mut Rng) -> Self;
    fn shrink(&self) -> Vec<Self>;
    fn show_each(&self) -> Vec<String>;
    fn size(&self) -> u128;
}

macro_rules! tuple_inputs {
    ($(($($t:ident $i:tt),*)),*) => { $(impl<$($t: Value),*> Inputs for ($($t,)*) {
        fn exhaustive(cap: usize) -> Vec<Self> {
            let lists = ($($t::small(),)*);
            let lengths = [$(lists.$i.len()),*];
            diagonal(&lengths, cap).into_iter().map(|ix| ($(lists.$i[ix[$i]].clone(),)*)).collect()
        }
        fn random(rng: &mut Rng) -> Self { ($($t::random(rng),)*) }
        fn shrink(&self) -> Vec<Self> {
            let mut out = Vec::new();
            $(for s in self.$i.shrink() { let mut c = self.clone(); c.$i = s; out.push(c); })*
            out
        }
        fn show_each(&self) -> Vec<String> { vec![$(self.$i.show()),*] }
        fn size(&self) -> u128 { 0u128 $(.saturating_add(self.$i.size()))* }
    })* };
}
impl Inputs for () {
    fn exhaustive(_cap: usize) -> Vec<Self> { vec![()] }
    fn random(_rng: &mut Rng) -> Self {}
    fn shrink(&self) -> Vec<Self> { vec![] }
    fn show_each(&self) -> Vec<String> { vec![] }
    fn size(&self) -> u128 { 0 }
}
tuple_inputs!((A 0), (A 0, B 1), (A 0, B 1, C 2), (A 0, B 1, C 2, D 3), (A 0, B 1, C 2, D 3, E 4), (A 0, B 1, C 2, D 3, E 4, F 5));


macro_rules! tuple_value {
    ($(($($t:ident $i:tt),*)),*) => { $(impl<$($t: Value),*> Value for ($($t,)*) {
        fn small() -> Vec<Self> { <Self as Inputs>::exhaustive(64) }
        fn random(rng: &mut Rng) -> Self { ($($t::random(rng),)*) }
        fn shrink(&self) -> Vec<Self> { <Self as Inputs>::shrink(self) }
        fn show(&self) -> String { format!("({})", vec![$(self.$i.show()),*].join(", ")) }
        fn size(&self) -> u128 { 0u128 $(.saturating_add(self.$i.size()))* }
    })* };
}
tuple_value!((A 0, B 1), (A 0, B 1, C 2), (A 0, B 1, C 2, D 3));

/// Tuples of values (the after-state of &mut parameters) are shown one by one too.
pub trait Shown: Send + 'static { fn show_each(&self) -> Vec<String>; }
impl<T: Inputs> Shown for T { fn show_each(&self) -> Vec<String> { Inputs::show_each(self) } }

static LAST_PANIC: Mutex<Option<(String, String)>> = Mutex::new(None);

fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = if let Some(s) = payload.downcast_ref::<&str>() { s.to_string() } else if let Some(s) = payload.downcast_ref::<String>() { s.clone() } else { "panic".to_string() };
        let location = info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column())).unwrap_or_default();
        if let Ok(mut last) = LAST_PANIC.lock() { *last = Some((message, location)); }
    }));
}

fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, (String, String)> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|_| {
        LAST_PANIC.lock().ok().and_then(|mut l| l.take()).unwrap_or(("panic".to_string(), String::new()))
    })
}

pub fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
fn json_list(items: &[String]) -> String { format!("[{}]", items.iter().map(|s| json_string(s)).collect::<Vec<_>>().join(",")) }

pub struct Check<I, A, R> {
    pub requires: Vec<fn(&I) -> bool>,
    pub call: fn(&I) -> (R, A),
    /// (clause id, the check over the inputs before, the &mut parameters after, and the result)
    pub ensures: Vec<(usize, fn(&I, &A, &R) -> bool)>,
    /// Other results drawn from the input (output perturbation): each element of a Vec or slice
    /// parameter whose element type is the result type (or Some of it, for an Option result).
    pub input_elements: fn(&I) -> Vec<R>,
    /// Rewrites a generated input to meet the requires' length equations (shapeInputsCode).
    pub shape: fn(&mut I),
    /// Inputs that set one parameter of the given simplest input to a literal of the function (seedInputsCode).
    pub seeds: fn(&I) -> Vec<I>,
}

/// Cuts or extends a vector to n elements, extending with its element type's simplest values in turn.
pub fn resize<T: Value>(v: &mut Vec<T>, n: usize) {
    if v.len() >= n { v.truncate(n); return; }
    let simple = T::small();
    if simple.is_empty() { return; }
    while v.len() < n { let k = v.len() % simple.len(); v.push(simple[k].clone()); }
}

/// A value of one check's input, after-state or result type, behind a pointer: the checking loop
/// below handles only these, so it is compiled once, here, and not again for every check.
type Erased = Box<dyn std::any::Any + Send>;

/// What the checking loop asks of one check. Implemented once per check (for its Check<I, A, R>):
/// each method is a downcast and a call.
trait Checked: Send {
    fn exhaustive(&self, cap: usize) -> Vec<Erased>;
    fn random(&self, rng: &mut Rng) -> Erased;
    fn shrink(&self, input: &Erased) -> Vec<Erased>;
    fn shape(&self, input: &mut Erased);
    fn seeds(&self) -> Vec<Erased>;
    fn show_each(&self, input: &Erased) -> Vec<String>;
    fn size(&self, input: &Erased) -> u128;
    fn requires_count(&self) -> usize;
    fn requires(&self, k: usize, input: &Erased) -> bool;
    /// The call's (result, after-state).
    fn call(&self, input: &Erased) -> (Erased, Erased);
    fn ensures_clauses(&self) -> Vec<usize>;
    fn ensures(&self, k: usize, input: &Erased, after: &Erased, result: &Erased) -> bool;
    fn show_result(&self, result: &Erased) -> String;
    fn show_after(&self, after: &Erased) -> Vec<String>;
    fn perturb(&self, input: &Erased, result: &Erased) -> Vec<Erased>;
}

fn cast<T: 'static>(value: &Erased) -> &T { value.downcast_ref::<T>().expect("a value of the check's own type") }

fn erase_all<T: Send + 'static>(values: Vec<T>) -> Vec<Erased> {
    let mut out: Vec<Erased> = Vec::with_capacity(values.len());
    for value in values { out.push(Box::new(value)); }
    out
}

impl<I: Inputs, A: Shown, R: Value> Checked for Check<I, A, R> {
    fn exhaustive(&self, cap: usize) -> Vec<Erased> { erase_all(I::exhaustive(cap)) }
    fn random(&self, rng: &mut Rng) -> Erased { Box::new(I::random(rng)) }
    fn shrink(&self, input: &Erased) -> Vec<Erased> {
        let mut out = cast::<I>(input).shrink();
        for candidate in out.iter_mut() { (self.shape)(candidate); }
        erase_all(out)
    }
    fn shape(&self, input: &mut Erased) { (self.shape)(input.downcast_mut::<I>().expect("a value of the check's own type")) }
    fn seeds(&self) -> Vec<Erased> { match I::exhaustive(1).into_iter().next() { Some(base) => erase_all((self.seeds)(&base)), None => Vec::new() } }
    fn show_each(&self, input: &Erased) -> Vec<String> { cast::<I>(input).show_each() }
    fn size(&self, input: &Erased) -> u128 { cast::<I>(input).size() }
    fn requires_count(&self) -> usize { self.requires.len() }
    fn requires(&self, k: usize, input: &Erased) -> bool { (self.requires[k])(cast::<I>(input)) }
    fn call(&self, input: &Erased) -> (Erased, Erased) { let (r, a) = (self.call)(cast::<I>(input)); (Box::new(r), Box::new(a)) }
    fn ensures_clauses(&self) -> Vec<usize> { let mut out = Vec::new(); for (clause, _) in &self.ensures { out.push(*clause); } out }
    fn ensures(&self, k: usize, input: &Erased, after: &Erased, result: &Erased) -> bool { (self.ensures[k].1)(cast::<I>(input), cast::<A>(after), cast::<R>(result)) }
    fn show_result(&self, result: &Erased) -> String { cast::<R>(result).show() }
    fn show_after(&self, after: &Erased) -> Vec<String> { cast::<A>(after).show_each() }
    fn perturb(&self, input: &Erased, result: &Erased) -> Vec<Erased> {
        let mut out = erase_all(cast::<R>(result).perturb());
        out.extend(erase_all((self.input_elements)(cast::<I>(input))));
        out
    }
}

enum Outcome { Fine, Skipped, Unsatisfied, Panicked(String, String), Failed(usize, String, Vec<String>), SpecPanicked(usize) }

/// What the worker thread tells the main thread, which keeps the counts and prints every line.
/// Start (an input of the list) and Tick (a shrinking candidate, the witness search) come before a
/// call of the user's code: each restarts the per-call timeout. Tally is the outcome of the input
/// Start named; Shrinking carries its finding before it is shrunk, printed as it is if shrinking
/// does not finish.
enum Event { Planned(usize, usize), Start(usize, Vec<String>), Tick, Tally(Tally), Shrinking(String), Line(String), Done }

enum Tally { Unsatisfied, Skipped, Satisfying, SpecPanicked(usize) }

/// Runs the user's code (the requires, the call, the ensures) with the memory cap in force on this thread.
fn limited<T>(f: impl FnOnce() -> T) -> T {
    let _ = LIMITED.try_with(|l| l.set(true));
    let out = f();
    let _ = LIMITED.try_with(|l| l.set(false));
    out
}

fn evaluate(check: &dyn Checked, clauses: &[usize], input: &Erased) -> Outcome {
    limited(|| {
        for k in 0..check.requires_count() {
            match guarded(|| check.requires(k, input)) { Ok(true) => {}, Ok(false) => return Outcome::Unsatisfied, Err(_) => return Outcome::Skipped }
        }
        let (result, after) = match guarded(|| check.call(input)) { Ok(r) => r, Err((m, l)) => return Outcome::Panicked(m, l) };
        for (k, clause) in clauses.iter().enumerate() {
            match guarded(|| check.ensures(k, input, &after, &result)) {
                Ok(true) => {},
                Ok(false) => return Outcome::Failed(*clause, check.show_result(&result), check.show_after(&after)),
                Err(_) => return Outcome::SpecPanicked(*clause),
            }
        }
        Outcome::Fine
    })
}

fn key(outcome: &Outcome) -> Option<String> {
    match outcome { Outcome::Panicked(m, _) => Some(format!("panic:{}", m.split(':').next().unwrap_or(""))), Outcome::Failed(c, _, _) => Some(format!("ensures:{}", c)), _ => None }
}

fn shrink_finding(check: &dyn Checked, clauses: &[usize], input: Erased, outcome: Outcome, tx: &mpsc::Sender<Event>) -> (Erased, Outcome) {
    let wanted = key(&outcome);
    let (mut best, mut best_outcome, mut budget) = (input, outcome, 2000usize);
    'outer: loop {
        for candidate in check.shrink(&best) {
            if budget == 0 { break 'outer; }
            budget -= 1;
            let _ = tx.send(Event::Tick);
            let o = evaluate(check, clauses, &candidate);
            if key(&o) == wanted { best = candidate; best_outcome = o; continue 'outer; }
        }
        break;
    }
    (best, best_outcome)
}

fn finding_line(inputs: &[String], outcome: &Outcome) -> String {
    let inputs = json_list(inputs);
    match outcome {
        Outcome::Panicked(m, l) => format!("{{\"type\":\"panic\",\"inputs\":{},\"message\":{},\"location\":{}}}", inputs, json_string(m), json_string(l)),
        Outcome::Failed(c, r, a) => format!("{{\"type\":\"ensures-false\",\"clause\":{},\"inputs\":{},\"result\":{},\"after\":{}}}", c, inputs, json_string(r), json_list(a)),
        _ => String::new(),
    }
}

/// A perturbed result r' != r that every ensures also accepts on this input: the ensures does not pin the result down here.
fn find_witness(check: &dyn Checked, clauses: &[usize], input: &Erased) -> Option<(String, String)> {
    limited(|| {
        let (result, after) = guarded(|| check.call(input)).ok()?;
        let shown = check.show_result(&result);
        for other in check.perturb(input, &result) {
            let other_shown = check.show_result(&other);
            if other_shown == shown { continue; }
            let accepted = (0..clauses.len()).all(|k| matches!(guarded(|| check.ensures(k, input, &after, &other)), Ok(true)));
            if accepted { return Some((shown, other_shown)); }
        }
        None
    })
}

/// The inputs of one check in the order they run: the bounded-exhaustive ones (at most half the
/// budget, a third when the function has literals to seed with), the seeds (at most a third), then
/// seeded random ones, each distinct, all then ordered smallest first (a stable sort by size). A value near a type's bound, which can keep a loop running for ever, so comes after
/// the small ones instead of before them. Every process of one check plans the same list (the same
/// seed), so a process resumed after an input that did not finish starts where the last one ended.
fn plan_inputs(check: &dyn Checked, budget: usize, seed: u64) -> (Vec<Erased>, usize) {
    let seeds = check.seeds();
    let share = if seeds.is_empty() { (budget + 1) / 2 } else { (budget + 2) / 3 };
    let mut exhaustive = check.exhaustive(share).into_iter();
    let mut seeds = seeds.into_iter();
    let (mut exhaustive_count, mut seeded) = (0usize, 0usize);
    let mut rng = Rng::new(seed);
    let mut seen = std::collections::HashSet::new();
    let mut inputs: Vec<(u128, Erased)> = Vec::new();
    let mut drawn = 0usize;
    while inputs.len() < budget {
        let (mut input, enumerated) = match exhaustive.next() {
            Some(input) => (input, true),
            None => match if seeded < share { seeds.next() } else { None } { Some(input) => { seeded += 1; (input, false) } None => (check.random(&mut rng), false) },
        };
        // Shaped to the requires' length equations first: shaping can make two inputs one.
        check.shape(&mut input);
        drawn += 1;
        // Random inputs repeat small values often; each distinct input counts once.
        if !seen.insert(check.show_each(&input)) { if drawn > budget * 20 { break; } continue; }
        if enumerated { exhaustive_count += 1; }
        inputs.push((check.size(&input), input));
    }
    inputs.sort_by_key(|(size, _)| *size);
    (inputs.into_iter().map(|(_, input)| input).collect(), exhaustive_count)
}

/// What the harness binary's arguments after the check's index ask for.
#[derive(Clone, Copy)]
struct Settings { budget: usize, seed: u64, timeout_ms: u64, perturb: bool, start: usize, memory_mb: u64 }

fn search(check: Box<dyn Checked>, settings: Settings, tx: mpsc::Sender<Event>) {
    let check = &*check;
    install_panic_hook();
    let clauses = check.ensures_clauses();
    let (inputs, exhaustive_count) = plan_inputs(check, settings.budget, settings.seed);
    let _ = tx.send(Event::Planned(inputs.len(), exhaustive_count));
    let mut witness_found = clauses.is_empty();
    let mut keys: Vec<String> = Vec::new();
    for (index, input) in inputs.into_iter().enumerate().skip(settings.start) {
        let _ = tx.send(Event::Start(index, check.show_each(&input)));
        let outcome = evaluate(check, &clauses, &input);
        let tally = match &outcome { Outcome::Unsatisfied => Tally::Unsatisfied, Outcome::Skipped => Tally::Skipped, Outcome::SpecPanicked(c) => Tally::SpecPanicked(*c), _ => Tally::Satisfying };
        let _ = tx.send(Event::Tally(tally));
        match &outcome {
            Outcome::Fine if settings.perturb && !witness_found => {
                let _ = tx.send(Event::Tick);
                if let Some((result, accepted)) = find_witness(check, &clauses, &input) {
                    witness_found = true;
                    let _ = tx.send(Event::Line(format!("{{\"type\":\"weak-witness\",\"inputs\":{},\"result\":{},\"accepted\":{}}}", json_list(&check.show_each(&input)), json_string(&result), json_string(&accepted))));
                }
            }
            Outcome::Panicked(..) | Outcome::Failed(..) => {
                // The inputs run smallest first, so the first of each kind of failure is shrunk, at once: a later timeout cannot lose it.
                let k = key(&outcome).unwrap_or_default();
                if !keys.contains(&k) {
                    keys.push(k);
                    let _ = tx.send(Event::Shrinking(finding_line(&check.show_each(&input), &outcome)));
                    let (small, small_outcome) = shrink_finding(check, &clauses, input, outcome, &tx);
                    let _ = tx.send(Event::Line(finding_line(&check.show_each(&small), &small_outcome)));
                }
            }
            _ => {}
        }
    }
    let _ = tx.send(Event::Done);
}

/// The counts of one process's inputs, from its start to next (where a process resumed after this one starts).
struct Summary { start: usize, total: usize, exhaustive: usize, tried: usize, satisfying: usize, skipped: usize, spec_panics: Vec<(usize, usize)> }

impl Summary {
    fn count(&mut self, tally: Tally) {
        self.tried += 1;
        match tally {
            Tally::Unsatisfied => {},
            Tally::Skipped => self.skipped += 1,
            Tally::Satisfying => self.satisfying += 1,
            Tally::SpecPanicked(c) => { self.satisfying += 1; match self.spec_panics.iter_mut().find(|(k, _)| *k == c) { Some(e) => e.1 += 1, None => self.spec_panics.push((c, 1)) } }
        }
    }
    fn line(&self, next: usize) -> String {
        let panics = self.spec_panics.iter().map(|(c, n)| format!("{{\"clause\":{},\"count\":{}}}", c, n)).collect::<Vec<_>>().join(",");
        format!("{{\"type\":\"summary\",\"start\":{},\"next\":{},\"total\":{},\"tried\":{},\"satisfying\":{},\"exhaustive\":{},\"requiresPanicked\":{},\"specPanics\":[{}]}}", self.start, next, self.total, self.tried, self.satisfying, self.exhaustive, self.skipped, panics)
    }
}

/// Runs the search on a worker thread. A call that runs past timeout_ms, or takes the process past
/// the memory cap, cannot be stopped inside the process: the main thread prints what is known (the
/// input, its index, the counts so far) and ends the process, and the caller starts a new one after
/// that input (the sixth argument).
pub fn run<I: Inputs, A: Shown, R: Value>(check: Check<I, A, R>, budget: usize, seed: u64, timeout_ms: u64) {
    let a: Vec<String> = std::env::args().collect();
    let n = |i: usize, d: u64| a.get(i).and_then(|s| s.parse::<u64>().ok()).unwrap_or(d);
    // Output perturbation (review's weak-postcondition witnesses) is the fifth argument, the first input to run the sixth, the memory cap in MiB the seventh.
    let settings = Settings { budget, seed, timeout_ms: timeout_ms.max(1), perturb: n(5, 0) == 1, start: n(6, 0) as usize, memory_mb: n(7, 1024) };
    run_checked(Box::new(check), settings)
}

fn run_checked(check: Box<dyn Checked>, settings: Settings) {
    CAP_BYTES.store((settings.memory_mb as usize).saturating_mul(1 << 20), Ordering::SeqCst);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || search(check, settings, tx));
    let mut summary = Summary { start: settings.start, total: 0, exhaustive: 0, tried: 0, satisfying: 0, skipped: 0, spec_panics: Vec::new() };
    let (mut planned, mut index, mut current, mut phase) = (false, settings.start, Vec::new(), "call");
    let mut pending: Option<String> = None;
    let timeout = Duration::from_millis(settings.timeout_ms);
    let mut last = Instant::now();
    loop {
        match rx.recv_timeout(Duration::from_millis(settings.timeout_ms.min(20))) {
            Ok(event) => {
                last = Instant::now();
                match event {
                    Event::Planned(total, exhaustive) => { planned = true; summary.total = total; summary.exhaustive = exhaustive; }
                    Event::Start(i, shown) => { index = i; current = shown; phase = "call"; }
                    Event::Tick => {}
                    Event::Tally(tally) => { summary.count(tally); phase = "after"; }
                    Event::Shrinking(line) => pending = Some(line),
                    Event::Line(line) => { pending = None; println!("{}", line); }
                    Event::Done => { println!("{}", summary.line(summary.total)); return; }
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let exceeded = MEMORY_EXCEEDED.load(Ordering::SeqCst);
                // Planning calls no user code: only a call is timed.
                if !exceeded && (!planned || last.elapsed() < timeout) { continue; }
                if let Some(line) = pending.take() { println!("{}", line); }
                let limit = if exceeded { format!("\"type\":\"memory-exceeded\",\"memoryMb\":{}", settings.memory_mb) } else { format!("\"type\":\"timed-out\",\"timeoutMs\":{}", settings.timeout_ms) };
                println!("{{{},\"index\":{},\"phase\":\"{}\",\"inputs\":{}}}", limit, index, phase, json_list(&current));
                println!("{}", summary.line(index + 1));
                use std::io::Write;
                let _ = std::io::stdout().flush();
                std::process::exit(0);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => { println!("{{\"type\":\"worker-ended\"}}"); return; }
        }
    }
}

/// The harness process's allocator: the system's, counting the bytes live. When a call of the
/// user's code (on the worker thread, (limited)) asks for more than the cap, that thread stops
/// there for good, before the memory is taken, and the main thread reports the input and ends the
/// process: unbounded allocation ends that input, as a timeout does, instead of taking the
/// machine's memory. Other threads' allocations are counted and never stopped.
pub struct CountingAllocator;
static LIVE_BYTES: AtomicUsize = AtomicUsize::new(0);
static CAP_BYTES: AtomicUsize = AtomicUsize::new(usize::MAX);
static MEMORY_EXCEEDED: AtomicBool = AtomicBool::new(false);
thread_local! { static LIMITED: Cell<bool> = const { Cell::new(false) }; }

fn admit(size: usize) {
    let live = LIVE_BYTES.fetch_add(size, Ordering::Relaxed).saturating_add(size);
    if live <= CAP_BYTES.load(Ordering::Relaxed) || MEMORY_EXCEEDED.load(Ordering::Relaxed) { return; }
    if !LIMITED.try_with(|l| l.get()).unwrap_or(false) { return; }
    MEMORY_EXCEEDED.store(true, Ordering::SeqCst);
    // Sleeping allocates nothing; the main thread sees the flag within its poll and ends the process.
    loop { std::thread::sleep(Duration::from_secs(3600)); }
}

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        admit(layout.size());
        let p = System.alloc(layout);
        if p.is_null() { LIVE_BYTES.fetch_sub(layout.size(), Ordering::Relaxed); }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        admit(layout.size());
        let p = System.alloc_zeroed(layout);
        if p.is_null() { LIVE_BYTES.fetch_sub(layout.size(), Ordering::Relaxed); }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE_BYTES.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = layout.size();
        if new_size > old { admit(new_size - old); }
        let p = System.realloc(ptr, layout, new_size);
        if p.is_null() { if new_size > old { LIVE_BYTES.fetch_sub(new_size - old, Ordering::Relaxed); } } else if new_size < old { LIVE_BYTES.fetch_sub(old - new_size, Ordering::Relaxed); }
        p
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// The integers a function's inputs are seeded with (seedLiteralsEnvironment): read when the harness
/// runs, not compiled in, so that one build serves every mutant of the function.
pub fn seed_integers() -> Vec<i128> {
    match std::env::var("${SEED_INTEGERS_VARIABLE}") { Ok(text) => text.split(',').filter_map(|t| t.parse::<i128>().ok()).collect(), Err(_) => Vec::new() }
}

/// The chars a function's inputs are seeded with, as code points (seedLiteralsEnvironment).
pub fn seed_chars() -> Vec<char> {
    match std::env::var("${SEED_CHARS_VARIABLE}") { Ok(text) => text.split(',').filter_map(|t| t.parse::<u32>().ok()).filter_map(char::from_u32).collect(), Err(_) => Vec::new() }
}

pub fn arguments() -> (usize, usize, u64, u64) {
    let a: Vec<String> = std::env::args().collect();
    let n = |i: usize, d: u64| a.get(i).and_then(|s| s.parse::<u64>().ok()).unwrap_or(d);
    (n(1, 0) as usize, n(2, 1000) as usize, n(3, 0), n(4, 2000))
}
`;
