//! A ledger of account balances (Kontostände, 残高) whose cached total always equals
//! the sum of the balances. A struct with a closed well-formedness predicate, a View,
//! private helpers with their own contracts, a trait implemented with verified code,
//! and a Display impl outside `verus!`.
//! Written for verus-repair as a Verus fixture.

pub mod ledger {
    use vstd::prelude::*;

    verus! {

    /// Σ of a sequence of balances, peeled off from the right end.
    pub open spec fn sum(s: Seq<u64>) -> int
        decreases s.len(),
    {
        if s.len() == 0 {
            0
        } else {
            sum(s.drop_last()) + s.last()
        }
    }

    pub proof fn lemma_sum_nonnegative(s: Seq<u64>)
        ensures
            sum(s) >= 0,
        decreases s.len(),
    {
        if s.len() > 0 {
            lemma_sum_nonnegative(s.drop_last());
        }
    }

    pub proof fn lemma_element_le_sum(s: Seq<u64>, i: int)
        requires
            0 <= i < s.len(),
        ensures
            s[i] <= sum(s),
        decreases s.len(),
    {
        lemma_sum_nonnegative(s.drop_last());
        if i < s.len() - 1 {
            lemma_element_le_sum(s.drop_last(), i);
        }
    }

    pub proof fn lemma_sum_push(s: Seq<u64>, x: u64)
        ensures
            sum(s.push(x)) == sum(s) + x,
    {
        assert(s.push(x).drop_last() =~= s);
    }

    /// Replacing one balance changes the sum by the difference.
    pub proof fn lemma_sum_update(s: Seq<u64>, i: int, v: u64)
        requires
            0 <= i < s.len(),
        ensures
            sum(s.update(i, v)) == sum(s) - s[i] + v,
        decreases s.len(),
    {
        if i < s.len() - 1 {
            assert(s.update(i, v).drop_last() =~= s.drop_last().update(i, v));
            lemma_sum_update(s.drop_last(), i, v);
        } else {
            assert(s.update(i, v).drop_last() =~= s.drop_last());
        }
    }

    /// The sum of a prefix never exceeds the sum of the whole sequence.
    pub proof fn lemma_prefix_sum_le(s: Seq<u64>, k: int)
        requires
            0 <= k <= s.len(),
        ensures
            sum(s.subrange(0, k)) <= sum(s),
        decreases s.len() - k,
    {
        if k < s.len() {
            lemma_prefix_sum_le(s, k + 1);
            assert(s.subrange(0, k + 1).drop_last() =~= s.subrange(0, k));
        } else {
            assert(s.subrange(0, k) =~= s);
        }
    }

    pub struct Ledger {
        balances: Vec<u64>,
        total: u64,
    }

    impl View for Ledger {
        type V = Seq<u64>;

        closed spec fn view(&self) -> Seq<u64> {
            self.balances@
        }
    }

    impl Ledger {
        /// The cached total is the Σ of the balances.
        pub closed spec fn well_formed(&self) -> bool {
            self.total == sum(self.balances@)
        }

        pub open spec fn total_spec(&self) -> int {
            sum(self@)
        }

        pub fn new(accounts: usize) -> (r: Self)
            ensures
                r.well_formed(),
                r@.len() == accounts,
                forall|i: int| 0 <= i < accounts ==> r@[i] == 0,
        {
            let mut balances: Vec<u64> = Vec::new();
            let mut i: usize = 0;
            while i < accounts
                invariant
                    i <= accounts,
                    balances@.len() == i,
                    forall|k: int| 0 <= k < i ==> balances@[k] == 0,
                    sum(balances@) == 0,
                decreases accounts - i,
            {
                proof {
                    lemma_sum_push(balances@, 0);
                }
                balances.push(0);
                i = i + 1;
            }
            Ledger { balances, total: 0 }
        }

        pub fn balance(&self, account: usize) -> (r: u64)
            requires
                self.well_formed(),
                account < self@.len(),
            ensures
                r == self@[account as int],
        {
            self.balances[account]
        }

        pub fn total(&self) -> (r: u64)
            requires
                self.well_formed(),
            ensures
                r == self.total_spec(),
        {
            self.total
        }

        fn credit(&mut self, account: usize, amount: u64)
            requires
                old(self).well_formed(),
                account < old(self)@.len(),
                old(self).total_spec() + amount <= u64::MAX,
            ensures
                final(self).well_formed(),
                final(self)@ == old(self)@.update(account as int, (old(self)@[account as int] + amount) as u64),
                final(self).total_spec() == old(self).total_spec() + amount,
        {
            proof {
                lemma_element_le_sum(self.balances@, account as int);
            }
            let current = self.balances[account];
            proof {
                lemma_sum_update(self.balances@, account as int, (current + amount) as u64);
            }
            self.balances[account] = current + amount;
            self.total = self.total + amount;
        }

        fn debit(&mut self, account: usize, amount: u64)
            requires
                old(self).well_formed(),
                account < old(self)@.len(),
                amount <= old(self)@[account as int],
            ensures
                final(self).well_formed(),
                final(self)@ == old(self)@.update(account as int, (old(self)@[account as int] - amount) as u64),
                final(self).total_spec() == old(self).total_spec() - amount,
        {
            proof {
                lemma_element_le_sum(self.balances@, account as int);
            }
            let current = self.balances[account];
            proof {
                lemma_sum_update(self.balances@, account as int, (current - amount) as u64);
            }
            self.balances[account] = current - amount;
            self.total = self.total - amount;
        }

        pub fn deposit(&mut self, account: usize, amount: u64)
            requires
                old(self).well_formed(),
                account < old(self)@.len(),
                old(self).total_spec() + amount <= u64::MAX,
            ensures
                final(self).well_formed(),
                final(self)@ == old(self)@.update(account as int, (old(self)@[account as int] + amount) as u64),
                final(self).total_spec() == old(self).total_spec() + amount,
        {
            self.credit(account, amount);
        }

        /// Takes `amount` out of `account` if the balance covers it.
        pub fn withdraw(&mut self, account: usize, amount: u64) -> (ok: bool)
            requires
                old(self).well_formed(),
                account < old(self)@.len(),
            ensures
                final(self).well_formed(),
                ok == (amount <= old(self)@[account as int]),
                ok ==> {
                    &&& final(self)@ == old(self)@.update(account as int, (old(self)@[account as int] - amount) as u64)
                    &&& final(self).total_spec() == old(self).total_spec() - amount
                },
                !ok ==> final(self)@ == old(self)@,
        {
            if self.balances[account] < amount {
                return false;
            }
            self.debit(account, amount);
            true
        }

        /// Moves money between accounts; the total is unchanged either way.
        pub fn transfer(&mut self, from: usize, to: usize, amount: u64) -> (ok: bool)
            requires
                old(self).well_formed(),
                from < old(self)@.len(),
                to < old(self)@.len(),
            ensures
                final(self).well_formed(),
                final(self)@.len() == old(self)@.len(),
                final(self).total_spec() == old(self).total_spec(),
                ok == (amount <= old(self)@[from as int]),
                !ok ==> final(self)@ == old(self)@,
        {
            if self.balances[from] < amount {
                return false;
            }
            self.debit(from, amount);
            self.credit(to, amount);
            true
        }
    }

    /// Something whose recorded total can be re-derived from its parts.
    pub trait Audit {
        spec fn consistent(&self) -> bool;

        spec fn recorded_total(&self) -> int;

        fn recompute_total(&self) -> (r: u64)
            requires
                self.consistent(),
            ensures
                r == self.recorded_total(),
        ;
    }

    impl Audit for Ledger {
        open spec fn consistent(&self) -> bool {
            self.well_formed()
        }

        open spec fn recorded_total(&self) -> int {
            self.total_spec()
        }

        fn recompute_total(&self) -> (r: u64) {
            let mut acc: u64 = 0;
            let mut i: usize = 0;
            while i < self.balances.len()
                invariant
                    self.well_formed(),
                    i <= self.balances@.len(),
                    acc == sum(self.balances@.subrange(0, i as int)),
                decreases self.balances@.len() - i,
            {
                proof {
                    lemma_prefix_sum_le(self.balances@, i as int + 1);
                    assert(self.balances@.subrange(0, i as int + 1).drop_last()
                        =~= self.balances@.subrange(0, i as int));
                }
                acc = acc + self.balances[i];
                i = i + 1;
            }
            proof {
                assert(self.balances@.subrange(0, i as int) =~= self.balances@);
            }
            acc
        }
    }

    } // verus!

    /// Plain Rust outside `verus!`: not verified, only compiled and tested.
    impl std::fmt::Display for Ledger {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "Σ {} über {} Konten", self.total, self.balances.len())
        }
    }
}

pub use ledger::{Audit, Ledger};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deposits_and_withdrawals_keep_the_total() {
        let mut l = Ledger::new(3);
        l.deposit(0, 50);
        l.deposit(2, 25);
        assert!(l.withdraw(0, 20));
        assert!(!l.withdraw(1, 1));
        assert_eq!(l.balance(0), 30);
        assert_eq!(l.balance(1), 0);
        assert_eq!(l.total(), 55);
        assert_eq!(l.recompute_total(), 55);
    }

    #[test]
    fn transfers_move_money() {
        let mut l = Ledger::new(2);
        l.deposit(0, u64::MAX);
        assert!(l.transfer(0, 1, 10));
        assert!(!l.transfer(1, 0, 11));
        assert_eq!(l.balance(0), u64::MAX - 10);
        assert_eq!(l.balance(1), 10);
        assert_eq!(l.total(), u64::MAX);
        assert_eq!(l.recompute_total(), u64::MAX);
    }

    #[test]
    fn displays_with_unicode() {
        let mut l = Ledger::new(2);
        l.deposit(1, 7);
        assert_eq!(l.to_string(), "Σ 7 über 2 Konten");
    }
}
