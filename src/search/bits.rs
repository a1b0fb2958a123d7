//! Sets of researchers as bitsets: one bit per researcher, 64 to a word.
//!
//! Facet counting works on these: each facet value's researchers are a set built once, so
//! "how many results if this value were added" is an AND and a population count over
//! `researchers / 64` words, whatever the query — not a pass over every record.

/// A set of researcher numbers below a fixed size.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// The empty set over `n` researchers.
    pub fn empty(n: usize) -> Self {
        Self {
            words: vec![0; n.div_ceil(64)],
        }
    }

    /// Every researcher of `n`.
    pub fn full(n: usize) -> Self {
        let mut b = Self {
            words: vec![u64::MAX; n.div_ceil(64)],
        };
        if !n.is_multiple_of(64)
            && let Some(last) = b.words.last_mut()
        {
            *last = (1u64 << (n % 64)) - 1;
        }
        b
    }

    /// The set of `members` (each below `n`).
    pub fn from_members(n: usize, members: impl IntoIterator<Item = usize>) -> Self {
        let mut b = Self::empty(n);
        for i in members {
            b.insert(i);
        }
        b
    }

    /// Adds researcher `i`.
    pub fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Whether researcher `i` is in the set.
    pub fn contains(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Keeps only the members of `other`.
    pub fn and_with(&mut self, other: &Bits) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= b;
        }
    }

    /// Adds the members of `other`.
    pub fn or_with(&mut self, other: &Bits) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// The number of members.
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The number of members of `self ∩ other`.
    pub fn count_and(&self, other: &Bits) -> usize {
        (self.words.iter().zip(&other.words))
            .map(|(a, b)| (a & b).count_ones() as usize)
            .sum()
    }

    /// The number of members of `self ∩ other ∖ not`.
    pub fn count_and_not(&self, other: &Bits, not: &Bits) -> usize {
        (self.words.iter().zip(&other.words).zip(&not.words))
            .map(|((a, b), c)| (a & b & !c).count_ones() as usize)
            .sum()
    }

    /// The members, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + bit
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_agree_with_plain_sets() {
        for n in [0, 1, 63, 64, 65, 200] {
            let a = Bits::from_members(n, (0..n).filter(|i| i % 3 == 0));
            let b = Bits::from_members(n, (0..n).filter(|i| i % 2 == 0));
            let full = Bits::full(n);
            assert_eq!(full.count(), n);
            assert_eq!(full.iter().collect::<Vec<_>>(), (0..n).collect::<Vec<_>>());
            assert_eq!(a.count_and(&b), (0..n).filter(|i| i % 6 == 0).count());
            assert_eq!(
                a.count_and_not(&full, &b),
                (0..n).filter(|i| i % 3 == 0 && i % 2 != 0).count()
            );
            let mut c = a.clone();
            c.or_with(&b);
            assert_eq!(
                c.count(),
                (0..n).filter(|i| i % 3 == 0 || i % 2 == 0).count()
            );
            c.and_with(&a);
            assert_eq!(c, a);
            assert_eq!(a.contains(3), n > 3);
            assert!(!a.contains(1) && !a.contains(n + 64));
            assert_eq!(Bits::empty(n).iter().count(), 0);
        }
    }
}
