//! Sums and bounds over sequences of counts, with the lemmas the stock proofs rely on.
use vstd::prelude::*;

verus! {

pub open spec fn sum(s: Seq<u32>) -> int
    decreases s.len(),
{
    if s.len() == 0 {
        0
    } else {
        sum(s.drop_last()) + s.last()
    }
}

pub open spec fn all_le(s: Seq<u32>, bound: u32) -> bool {
    forall|i: int| 0 <= i < s.len() ==> #[trigger] s[i] <= bound
}

pub open spec fn count_ge(s: Seq<u32>, bound: u32) -> nat
    decreases s.len(),
{
    if s.len() == 0 {
        0
    } else {
        count_ge(s.drop_last(), bound) + if s.last() >= bound { 1nat } else { 0nat }
    }
}

pub proof fn lemma_sum_nonnegative(s: Seq<u32>)
    ensures
        sum(s) >= 0,
    decreases s.len(),
{
    if s.len() > 0 {
        lemma_sum_nonnegative(s.drop_last());
    }
}

pub proof fn lemma_sum_bound(s: Seq<u32>, bound: u32)
    requires
        all_le(s, bound),
    ensures
        sum(s) <= s.len() * bound,
    decreases s.len(),
{
    if s.len() > 0 {
        assert(all_le(s.drop_last(), bound));
        lemma_sum_bound(s.drop_last(), bound);
        assert(sum(s) <= s.len() * bound) by (nonlinear_arith)
            requires
                sum(s.drop_last()) <= (s.len() - 1) * bound,
                sum(s) == sum(s.drop_last()) + s.last(),
                s.last() <= bound,
        ;
    }
}

pub proof fn lemma_sum_push(s: Seq<u32>, x: u32)
    ensures
        sum(s.push(x)) == sum(s) + x,
{
    assert(s.push(x).drop_last() =~= s);
}

pub proof fn lemma_count_ge_le_len(s: Seq<u32>, bound: u32)
    ensures
        count_ge(s, bound) <= s.len(),
    decreases s.len(),
{
    if s.len() > 0 {
        lemma_count_ge_le_len(s.drop_last(), bound);
    }
}

pub fn sum_vec(v: &Vec<u32>) -> (total: u64)
    requires
        v.len() <= 0x1_0000,
    ensures
        total == sum(v@),
{
    let mut total: u64 = 0;
    let mut i: usize = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            v.len() <= 0x1_0000,
            total == sum(v@.subrange(0, i as int)),
            total <= i * 0xFFFF_FFFF,
        decreases v.len() - i,
    {
        proof {
            assert(v@.subrange(0, i as int + 1).drop_last() =~= v@.subrange(0, i as int));
        }
        total = total + v[i] as u64;
        i = i + 1;
    }
    proof {
        assert(v@.subrange(0, v.len() as int) =~= v@);
    }
    total
}

pub fn max_vec(v: &Vec<u32>) -> (m: u32)
    ensures
        all_le(v@, m),
{
    let mut m: u32 = 0;
    let mut i: usize = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            forall|k: int| 0 <= k < i ==> #[trigger] v@[k] <= m,
        decreases v.len() - i,
    {
        if v[i] > m {
            m = v[i];
        }
        i = i + 1;
    }
    m
}

pub fn all_below(v: &Vec<u32>, bound: u32) -> (r: bool)
    ensures
        r == all_le(v@, bound),
{
    let mut i: usize = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            forall|k: int| 0 <= k < i ==> #[trigger] v@[k] <= bound,
        decreases v.len() - i,
    {
        if v[i] > bound {
            return false;
        }
        i = i + 1;
    }
    true
}

pub fn count_at_least(v: &Vec<u32>, bound: u32) -> (n: usize)
    ensures
        n == count_ge(v@, bound),
{
    let mut n: usize = 0;
    let mut i: usize = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            n == count_ge(v@.subrange(0, i as int), bound),
            n <= i,
        decreases v.len() - i,
    {
        proof {
            assert(v@.subrange(0, i as int + 1).drop_last() =~= v@.subrange(0, i as int));
            lemma_count_ge_le_len(v@.subrange(0, i as int), bound);
        }
        if v[i] >= bound {
            n = n + 1;
        }
        i = i + 1;
    }
    proof {
        assert(v@.subrange(0, v.len() as int) =~= v@);
    }
    n
}

pub fn index_of(v: &Vec<u32>, x: u32) -> (r: Option<usize>)
    ensures
        r matches Some(i) ==> i < v.len() && v@[i as int] == x,
        r is None ==> forall|k: int| 0 <= k < v.len() ==> #[trigger] v@[k] != x,
{
    let mut i: usize = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            forall|k: int| 0 <= k < i ==> #[trigger] v@[k] != x,
        decreases v.len() - i,
    {
        if v[i] == x {
            return Some(i);
        }
        i = i + 1;
    }
    None
}

} // verus!
