//! Stock keeping for a small warehouse: bounded arithmetic helpers, sequence sums with their
//! lemmas, and a `Stock` of item counts with a capacity per slot.
//! Written for verus-repair as a Verus fixture (the focused-verification benchmark).
pub mod arith;
pub mod seq_util;
pub mod stock;

#[cfg(test)]
mod tests {
    use super::stock::Stock;

    #[test]
    fn restock_and_withdraw() {
        let mut stock = Stock::new(3, 10);
        assert_eq!(stock.slots(), 3);
        assert!(stock.restock(1, 7));
        assert!(!stock.restock(1, 7));
        assert!(stock.withdraw(1, 5));
        assert_eq!(stock.get(1), 2);
        assert_eq!(stock.total(), 2);
        assert_eq!(stock.fullest(), 1);
    }

    #[test]
    fn helpers() {
        assert_eq!(super::arith::clamp_u32(15, 2, 10), 10);
        assert_eq!(super::arith::abs_diff_u32(3, 9), 6);
        assert_eq!(super::seq_util::sum_vec(&vec![1, 2, 3]), 6);
        assert_eq!(super::seq_util::count_at_least(&vec![1, 5, 7], 5), 2);
    }
}
