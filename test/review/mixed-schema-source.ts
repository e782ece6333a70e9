/** Functions whose mutants cover what a schema must get right: stillborn ones, ones the tests kill, one that loops forever. */
export const MIXED_SOURCE = `use vstd::prelude::*;

verus! {

pub fn count_up(n: u64) -> (r: u64)
    ensures
        r == n,
{
    let mut i: u64 = 0;
    while i < n
        invariant
            i <= n,
        decreases n - i,
    {
        i = i + 1;
    }
    i
}

pub fn scaled(x: u64, double: bool) -> (r: u64)
    requires
        x < 1000,
    ensures
        double ==> r == 2 * x,
        !double ==> r == x,
{
    if double { x * 2 } else { x }
}

pub fn first_or_zero(v: &Vec<u64>) -> (r: u64)
    ensures
        v.len() > 0 ==> r == v[0],
        v.len() == 0 ==> r == 0,
{
    if v.len() > 0 && v[0] >= v[0] { v[0] } else { 0 }
}

pub fn doubled(x: u64) -> (r: u64)
    requires
        x < 1000,
    ensures
        r == 2 * x,
{
    let y = scaled(x, true);
    y
}

} // verus!

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(count_up(3), 3);
    }

    #[test]
    fn scales() {
        assert_eq!(scaled(4, true), 8);
        assert_eq!(scaled(4, false), 4);
        assert_eq!(doubled(5), 10);
    }

    #[test]
    fn firsts() {
        assert_eq!(first_or_zero(&vec![5, 1]), 5);
        assert_eq!(first_or_zero(&vec![]), 0);
    }
}
`;
