//! A fixed-capacity ring buffer of u64 values, viewed as the sequence of queued values.
//! A struct with private fields, a closed well-formedness predicate, a closed View,
//! a private helper with its own contract, a trait with a spec, and a Display impl
//! outside `verus!`.
//! Written for verus-repair as a Verus fixture.

pub mod ring {
    use vstd::prelude::*;

    verus! {

    /// Folds a position in `[0, 2 * cap)` back into `[0, cap)`.
    pub open spec fn wrap(x: int, cap: int) -> int {
        if x < cap {
            x
        } else {
            x - cap
        }
    }

    pub struct RingBuffer {
        slots: Vec<u64>,
        head: usize,
        len: usize,
    }

    impl View for RingBuffer {
        type V = Seq<u64>;

        /// The queued values, oldest first.
        closed spec fn view(&self) -> Seq<u64> {
            Seq::new(self.len as nat, |i: int| self.slots@[wrap(self.head + i, self.slots@.len() as int)])
        }
    }

    impl RingBuffer {
        pub closed spec fn capacity(&self) -> nat {
            self.slots@.len()
        }

        pub closed spec fn well_formed(&self) -> bool {
            &&& self.slots@.len() > 0
            &&& self.head < self.slots@.len()
            &&& self.len <= self.slots@.len()
        }

        pub fn new(capacity: usize) -> (r: Self)
            requires
                capacity > 0,
            ensures
                r.well_formed(),
                r@ == Seq::<u64>::empty(),
                r.capacity() == capacity,
        {
            let mut slots: Vec<u64> = Vec::new();
            let mut i: usize = 0;
            while i < capacity
                invariant
                    0 < capacity,
                    i <= capacity,
                    slots@.len() == i,
                decreases capacity - i,
            {
                slots.push(0);
                i = i + 1;
            }
            let r = RingBuffer { slots, head: 0, len: 0 };
            assert(r@ =~= Seq::<u64>::empty());
            r
        }

        /// Physical slot of the logical position `offset`.
        fn slot_index(&self, offset: usize) -> (r: usize)
            requires
                self.well_formed(),
                offset < self.slots@.len(),
            ensures
                r == wrap(self.head + offset, self.slots@.len() as int),
                r < self.slots@.len(),
        {
            let cap = self.slots.len();
            if self.head < cap - offset {
                self.head + offset
            } else {
                self.head - (cap - offset)
            }
        }

        pub fn is_full(&self) -> (r: bool)
            requires
                self.well_formed(),
            ensures
                r == (self@.len() == self.capacity()),
        {
            self.len == self.slots.len()
        }

        /// The value at logical position `i` (0 is the oldest).
        pub fn get(&self, i: usize) -> (r: u64)
            requires
                self.well_formed(),
                i < self@.len(),
            ensures
                r == self@[i as int],
        {
            let k = self.slot_index(i);
            self.slots[k]
        }

        pub fn push_back(&mut self, value: u64)
            requires
                old(self).well_formed(),
                old(self)@.len() < old(self).capacity(),
            ensures
                final(self).well_formed(),
                final(self)@ == old(self)@.push(value),
                final(self).capacity() == old(self).capacity(),
        {
            let tail = self.slot_index(self.len);
            self.slots[tail] = value;
            self.len = self.len + 1;
        }

        pub fn pop_front(&mut self) -> (r: u64)
            requires
                old(self).well_formed(),
                old(self)@.len() > 0,
            ensures
                final(self).well_formed(),
                r == old(self)@[0],
                final(self)@ == old(self)@.subrange(1, old(self)@.len() as int),
                final(self).capacity() == old(self).capacity(),
        {
            let value = self.slots[self.head];
            if self.head + 1 < self.slots.len() {
                self.head = self.head + 1;
            } else {
                self.head = 0;
            }
            self.len = self.len - 1;
            proof {
                assert(self@ =~= old(self)@.subrange(1, old(self)@.len() as int));
            }
            value
        }
    }

    /// A container that can report how many values it holds.
    pub trait Occupancy {
        spec fn ready(&self) -> bool;

        spec fn spec_size(&self) -> nat;

        fn size(&self) -> (r: usize)
            requires
                self.ready(),
            ensures
                r == self.spec_size(),
        ;
    }

    impl Occupancy for RingBuffer {
        open spec fn ready(&self) -> bool {
            self.well_formed()
        }

        open spec fn spec_size(&self) -> nat {
            self@.len()
        }

        fn size(&self) -> (r: usize) {
            self.len
        }
    }

    } // verus!

    /// Plain Rust outside `verus!`: the queued values, oldest first, in a ⟨…⟩ list.
    impl std::fmt::Display for RingBuffer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            let cap = self.slots.len();
            let items: Vec<String> = (0..self.len).map(|i| self.slots[(self.head + i) % cap].to_string()).collect();
            write!(f, "⟨{}⟩", items.join(", "))
        }
    }
}

pub use ring::{RingBuffer, Occupancy};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifo_order_across_the_wrap() {
        let mut q = RingBuffer::new(3);
        q.push_back(1);
        q.push_back(2);
        assert_eq!(q.pop_front(), 1);
        q.push_back(3);
        q.push_back(4);
        assert!(q.is_full());
        assert_eq!(q.size(), 3);
        assert_eq!(q.get(0), 2);
        assert_eq!(q.get(2), 4);
        assert_eq!(q.pop_front(), 2);
        assert_eq!(q.pop_front(), 3);
        assert_eq!(q.pop_front(), 4);
        assert_eq!(q.size(), 0);
    }

    #[test]
    fn displays_queued_values() {
        let mut q = RingBuffer::new(2);
        q.push_back(7);
        q.push_back(8);
        q.pop_front();
        q.push_back(9);
        assert_eq!(q.to_string(), "⟨8, 9⟩");
    }
}
