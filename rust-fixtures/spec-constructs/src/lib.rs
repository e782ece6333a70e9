//! Inputs of `verus-repair check-spec` (docs/spec-check.md): correct functions over the parameter
//! types and spec constructs of public Verus code (chars, strings, fixed arrays, Seq's filter/map/
//! fold_left, match, if let, vstd::math). The tests (test/spec-constructs.test.ts) break each one in
//! memory for its counterexample. Written for verus-repair.
use vstd::prelude::*;

verus! {

/// The result is named `res`, the name vstd's exec_spec macro gives every exec fn's result.
pub fn double(x: u8) -> (res: u16)
    ensures
        res == 2 * x,
{
    x as u16 * 2
}

pub open spec fn is_digit_spec(c: char) -> bool {
    '0' <= c && c <= '9'
}

pub fn is_digit(c: char) -> (r: bool)
    ensures
        r <==> is_digit_spec(c),
{
    c >= '0' && c <= '9'
}

/// A string parameter: its view is a Seq<char> (vstd string.rs, View for str).
pub fn count_spaces(s: &str) -> (n: usize)
    ensures
        n == s@.filter(|c: char| c == ' ').len(),
{
    let mut n: usize = 0;
    let mut i: usize = 0;
    while i < s.unicode_len()
        invariant
            i <= s@.len(),
            n == s@.subrange(0, i as int).filter(|c: char| c == ' ').len(),
            n <= i,
        decreases s@.len() - i,
    {
        assert(s@.subrange(0, i as int + 1).drop_last() == s@.subrange(0, i as int));
        if s.get_char(i) == ' ' {
            n = n + 1;
        }
        i = i + 1;
    }
    assert(s@.subrange(0, s@.len() as int) == s@);
    n
}

/// A slice of chars and a Vec<char> result.
pub fn upper_digits(s: &[char]) -> (r: Vec<char>)
    ensures
        r@ == s@.map_values(|c: char| if c == 'a' { 'A' } else { c }),
{
    let mut r: Vec<char> = Vec::new();
    for i in 0..s.len()
        invariant
            r@ == s@.subrange(0, i as int).map_values(|c: char| if c == 'a' { 'A' } else { c }),
    {
        r.push(if s[i] == 'a' { 'A' } else { s[i] });
    }
    assert(s@.subrange(0, s@.len() as int) == s@);
    r
}

/// A fixed array parameter: its view is a Seq<u32> (vstd array.rs, View for [T; N]).
pub fn larger_of_pair(a: [u32; 2]) -> (r: u32)
    ensures
        r == vstd::math::max(a@[0] as int, a@[1] as int),
        r >= a[0] && r >= a[1],
{
    if a[0] >= a[1] {
        a[0]
    } else {
        a[1]
    }
}

pub open spec fn sum_spec(s: Seq<u32>) -> int {
    s.fold_left(0, |acc: int, x: u32| acc + x)
}

pub fn sum(v: &Vec<u32>) -> (r: u64)
    requires
        v.len() <= 4,
    ensures
        r == sum_spec(v@),
{
    let mut r: u64 = 0;
    for i in 0..v.len()
        invariant
            v.len() <= 4,
            r == sum_spec(v@.subrange(0, i as int)),
            r <= i * 0xFFFF_FFFFu64,
    {
        assert(v@.subrange(0, i as int + 1).drop_last() == v@.subrange(0, i as int));
        r = r + v[i] as u64;
    }
    assert(v@.subrange(0, v@.len() as int) == v@);
    r
}

pub fn evens(v: &Vec<i32>) -> (r: Vec<i32>)
    ensures
        r@ == v@.filter(|x: i32| x % 2 == 0),
{
    let mut r: Vec<i32> = Vec::new();
    for i in 0..v.len()
        invariant
            r@ == v@.subrange(0, i as int).filter(|x: i32| x % 2 == 0),
    {
        assert(v@.subrange(0, i as int + 1).drop_last() == v@.subrange(0, i as int));
        if v[i] % 2 == 0 {
            r.push(v[i]);
        }
    }
    assert(v@.subrange(0, v@.len() as int) == v@);
    r
}

pub fn reversed(v: &Vec<u8>) -> (r: Vec<u8>)
    ensures
        r@ == v@.reverse(),
        r@.to_multiset() == v@.to_multiset(),
{
    let mut r: Vec<u8> = Vec::new();
    let mut i = v.len();
    while i > 0
        invariant
            i <= v.len(),
            r@ == v@.subrange(i as int, v.len() as int).reverse(),
        decreases i,
    {
        i = i - 1;
        r.push(v[i]);
    }
    proof { v@.lemma_reverse_to_multiset(); }
    r
}

pub open spec fn fib(n: nat) -> nat
    decreases n,
{
    match n {
        0 => 0,
        1 => 1,
        _ => fib((n - 1) as nat) + fib((n - 2) as nat),
    }
}

/// A match on the result in the ensures (HumanEval-Verus's overflow idiom).
pub fn checked_fib(n: u8) -> (ret: Option<u32>)
    ensures
        match ret {
            None => fib(n as nat) > u32::MAX,
            Some(f) => f == fib(n as nat),
        },
{
    if n > 47 {
        return None;
    }
    let mut prev: u32 = 0;
    let mut cur: u32 = 1;
    if n == 0 {
        return Some(0);
    }
    let mut i: u8 = 1;
    while i < n
        invariant
            1 <= i <= n <= 47,
            cur == fib(i as nat),
            prev == fib((i - 1) as nat),
        decreases n - i,
    {
        let next = prev + cur;
        prev = cur;
        cur = next;
        i = i + 1;
    }
    Some(cur)
}

/// `if let` in the ensures.
pub fn find_zero(v: &Vec<u64>) -> (r: Option<usize>)
    ensures
        if let Some(i) = r { i < v.len() && v[i as int] == 0 } else { forall|j: int| 0 <= j < v.len() ==> v[j] != 0 },
{
    for i in 0..v.len()
        invariant
            forall|j: int| 0 <= j < i ==> v[j] != 0,
    {
        if v[i] == 0 {
            return Some(i);
        }
    }
    None
}

/// vstd::math's abs, and a quantifier whose binder is untyped.
pub fn distance(a: i32, b: i32) -> (r: u32)
    ensures
        r == vstd::math::abs(a - b),
        forall|k| 0 <= k < r ==> k < vstd::math::abs(a - b),
{
    if a >= b {
        (a as i64 - b as i64) as u32
    } else {
        (b as i64 - a as i64) as u32
    }
}

/// An unbounded exists in the requires (a witness can be searched for) and in the ensures.
pub fn half_of_even(x: u32) -> (r: u32)
    requires
        exists|k: int| k + k == x,
    ensures
        exists|k: int| k * 2 == x && k == r,
{
    x / 2
}

pub open spec fn no_dup_spec(s: Seq<u8>) -> bool {
    s.no_duplicates()
}

pub fn all_distinct(v: &Vec<u8>) -> (r: bool)
    ensures
        r == v@.no_duplicates(),
        r == no_dup_spec(v@),
        r ==> v@.to_set().len() == v@.len(),
{
    for i in 0..v.len()
        invariant
            forall|p: int, q: int| 0 <= p < q < i ==> v[p] != v[q],
    {
        for j in 0..i
            invariant
                forall|p: int, q: int| 0 <= p < q < i ==> v[p] != v[q],
                forall|p: int| 0 <= p < j ==> v[p] != v[i as int],
        {
            if v[j] == v[i] {
                return false;
            }
        }
    }
    proof {
        assert(v@.no_duplicates());
        v@.unique_seq_to_set();
    }
    true
}

/// Requires that tie vectors' lengths to an integer parameter and to a constant (Verus-Bench's Diffy
/// programs): check-spec shapes its inputs to them, or no random input would meet them.
pub fn fill_ones(a: &mut Vec<i32>, total: &mut Vec<i32>, n: i32)
    requires
        n > 0,
        old(a).len() == n,
        old(total).len() == 1,
    ensures
        a.len() == n,
        forall|k: int| 0 <= k < n ==> a[k] == 1,
        total[0] == n,
{
    let mut i: usize = 0;
    while i < n as usize
        invariant
            0 <= i <= n,
            a.len() == n,
            total.len() == 1,
            forall|k: int| 0 <= k < i ==> a[k] == 1,
        decreases n - i,
    {
        a.set(i, 1);
        i = i + 1;
    }
    total.set(0, n);
}

/// vstd::arithmetic::power::pow in the ensures (opaque in vstd: revealed for the proof).
pub fn first_power(x: u32) -> (r: u32)
    ensures
        r == vstd::arithmetic::power::pow(x as int, 1),
{
    proof {
        reveal_with_fuel(vstd::arithmetic::power::pow, 2);
    }
    x
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exec_functions_compute_what_their_ensures_say() {
        assert_eq!(double(200), 400);
        assert!(is_digit('7') && !is_digit('x'));
        assert_eq!(count_spaces("a b  c"), 3);
        assert_eq!(upper_digits(&['1', 'a', '9']), vec!['1', 'A', '9']);
        assert_eq!(larger_of_pair([3, 8]), 8);
        assert_eq!(sum(&vec![1, 2, 3]), 6);
        assert_eq!(evens(&vec![1, 2, 4, 5]), vec![2, 4]);
        assert_eq!(reversed(&vec![1, 2, 3]), vec![3, 2, 1]);
        assert_eq!(checked_fib(10), Some(55));
        assert_eq!(checked_fib(48), None);
        assert_eq!(find_zero(&vec![4, 0, 1]), Some(1));
        assert_eq!(find_zero(&vec![4]), None);
        assert_eq!(distance(-3, 4), 7);
        assert_eq!(half_of_even(10), 5);
        assert!(all_distinct(&vec![1, 2, 3]) && !all_distinct(&vec![1, 2, 1]));
        let (mut a, mut total) = (vec![0, 5, 7], vec![9]);
        fill_ones(&mut a, &mut total, 3);
        assert_eq!(first_power(9), 9);
        assert_eq!((a, total), (vec![1, 1, 1], vec![3]));
    }
}
