//! A `Stock`: item counts per slot, each at most the slot capacity.
use vstd::prelude::*;
use crate::arith::{clamp_u32, min_u32};
use crate::seq_util::sum_vec;
// Ghost-only items: erased builds have no such items, so their import is for Verus only.
#[cfg(verus_only)]
use crate::arith::min;
#[cfg(verus_only)]
use crate::seq_util::{all_le, lemma_sum_bound, sum};

verus! {

pub struct Stock {
    counts: Vec<u32>,
    cap: u32,
}

impl Stock {
    pub open spec fn view(&self) -> Seq<u32> {
        self.counts@
    }

    pub open spec fn capacity_spec(&self) -> u32 {
        self.cap
    }

    pub open spec fn well_formed(&self) -> bool {
        &&& all_le(self.counts@, self.cap)
        &&& self.counts@.len() <= 0x1_0000
    }

    pub open spec fn total_spec(&self) -> int {
        sum(self.counts@)
    }

    pub proof fn lemma_total_bound(&self)
        requires
            self.well_formed(),
        ensures
            self.total_spec() <= self.view().len() * self.capacity_spec(),
    {
        lemma_sum_bound(self.counts@, self.cap);
    }

    pub fn new(slots: usize, cap: u32) -> (s: Self)
        requires
            slots <= 0x1_0000,
        ensures
            s.well_formed(),
            s.view().len() == slots,
            s.capacity_spec() == cap,
            forall|i: int| 0 <= i < slots ==> #[trigger] s.view()[i] == 0,
    {
        let mut counts: Vec<u32> = Vec::new();
        let mut i: usize = 0;
        while i < slots
            invariant
                i <= slots,
                counts@.len() == i,
                forall|k: int| 0 <= k < i ==> #[trigger] counts@[k] == 0,
            decreases slots - i,
        {
            counts.push(0);
            i = i + 1;
        }
        Stock { counts, cap }
    }

    pub fn slots(&self) -> (n: usize)
        ensures
            n == self.view().len(),
    {
        self.counts.len()
    }

    pub fn capacity(&self) -> (c: u32)
        ensures
            c == self.capacity_spec(),
    {
        self.cap
    }

    pub fn get(&self, slot: usize) -> (n: u32)
        requires
            slot < self.view().len(),
        ensures
            n == self.view()[slot as int],
    {
        self.counts[slot]
    }

    pub fn is_full(&self, slot: usize) -> (r: bool)
        requires
            slot < self.view().len(),
        ensures
            r == (self.view()[slot as int] == self.capacity_spec()),
    {
        self.counts[slot] == self.cap
    }

    pub fn free_space(&self, slot: usize) -> (n: u32)
        requires
            self.well_formed(),
            slot < self.view().len(),
        ensures
            n == self.capacity_spec() - self.view()[slot as int],
    {
        self.cap - self.counts[slot]
    }

    pub fn restock(&mut self, slot: usize, amount: u32) -> (accepted: bool)
        requires
            old(self).well_formed(),
            slot < old(self).view().len(),
        ensures
            final(self).well_formed(),
            final(self).capacity_spec() == old(self).capacity_spec(),
            accepted ==> final(self).view() == old(self).view().update(slot as int, (old(self).view()[slot as int] + amount) as u32),
            !accepted ==> final(self).view() == old(self).view(),
    {
        let current = self.counts[slot];
        if amount > self.cap - current {
            return false;
        }
        self.counts.set(slot, current + amount);
        proof {
            assert(all_le(self.counts@, self.cap));
        }
        true
    }

    pub fn withdraw(&mut self, slot: usize, amount: u32) -> (accepted: bool)
        requires
            old(self).well_formed(),
            slot < old(self).view().len(),
        ensures
            final(self).well_formed(),
            final(self).capacity_spec() == old(self).capacity_spec(),
            accepted == (amount <= old(self).view()[slot as int]),
            accepted ==> final(self).view() == old(self).view().update(slot as int, (old(self).view()[slot as int] - amount) as u32),
            !accepted ==> final(self).view() == old(self).view(),
    {
        let current = self.counts[slot];
        if amount > current {
            return false;
        }
        self.counts.set(slot, current - amount);
        proof {
            assert(all_le(self.counts@, self.cap));
        }
        true
    }

    pub fn fill_to(&mut self, slot: usize, level: u32) -> (filled: u32)
        requires
            old(self).well_formed(),
            slot < old(self).view().len(),
        ensures
            final(self).well_formed(),
            filled == min(level as int, old(self).capacity_spec() as int),
    {
        let target = min_u32(level, self.cap);
        self.counts.set(slot, target);
        proof {
            assert(all_le(self.counts@, self.cap));
        }
        target
    }

    pub fn total(&self) -> (t: u64)
        requires
            self.well_formed(),
        ensures
            t == self.total_spec(),
    {
        sum_vec(&self.counts)
    }

    pub fn fullest(&self) -> (best: usize)
        requires
            self.view().len() > 0,
        ensures
            best < self.view().len(),
            forall|k: int| 0 <= k < self.view().len() ==> #[trigger] self.view()[k] <= self.view()[best as int],
    {
        let mut best: usize = 0;
        let mut i: usize = 1;
        while i < self.counts.len()
            invariant
                1 <= i <= self.counts@.len(),
                best < i,
                forall|k: int| 0 <= k < i ==> #[trigger] self.counts@[k] <= self.counts@[best as int],
            decreases self.counts.len() - i,
        {
            if self.counts[i] > self.counts[best] {
                best = i;
            }
            i = i + 1;
        }
        best
    }

    pub fn clamp_level(&self, level: u32) -> (r: u32)
        ensures
            r <= self.capacity_spec(),
    {
        clamp_u32(level, 0, self.cap)
    }
}

} // verus!
