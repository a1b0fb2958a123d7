//! [`Set`]: the URL's lists of selected values, kept as a sorted `Vec`.
//!
//! A page's filters hold a few values each. `BTreeSet` compiles its tree code (insert, remove,
//! clone, compare, drop, iterate) for every element type, and the params have six of them: about
//! 30 KB of the main module's wasm before `wasm-opt`, paid on every first visit. A sorted `Vec`
//! needs a binary search and the `Vec`'s own moves, and sorts through [`crate::model::sort`].

use std::borrow::Borrow;

use crate::model::sort;

/// A set of values in ascending order, each once: the subset of `BTreeSet`'s API the params use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Set<T>(Vec<T>);

impl<T> Default for Set<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<T: Ord> Set<T> {
    /// The empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `value`; false if it was in already (and the set is unchanged).
    pub fn insert(&mut self, value: T) -> bool {
        match self.0.binary_search(&value) {
            Ok(_) => false,
            Err(at) => {
                self.0.insert(at, value);
                true
            }
        }
    }

    /// Takes `value` out; false if it was not in.
    pub fn remove<Q: Ord + ?Sized>(&mut self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        match self.find(value) {
            Ok(at) => {
                self.0.remove(at);
                true
            }
            Err(_) => false,
        }
    }

    /// Whether `value` is in.
    pub fn contains<Q: Ord + ?Sized>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        self.find(value).is_ok()
    }

    /// Keeps only the values `keep` is true of.
    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        self.0.retain(keep);
    }

    fn find<Q: Ord + ?Sized>(&self, value: &Q) -> Result<usize, usize>
    where
        T: Borrow<Q>,
    {
        self.0.binary_search_by(|x| x.borrow().cmp(value))
    }
}

impl<T> Set<T> {
    /// The values, in ascending order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// How many values.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<T: Ord> FromIterator<T> for Set<T> {
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> Self {
        let mut values: Vec<T> = values.into_iter().collect();
        sort::by(&mut values, T::cmp);
        values.dedup();
        Self(values)
    }
}

impl<T: Ord> Extend<T> for Set<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, values: I) {
        self.0.extend(values);
        sort::by(&mut self.0, T::cmp);
        self.0.dedup();
    }
}

impl<T: Ord, const N: usize> From<[T; N]> for Set<T> {
    fn from(values: [T; N]) -> Self {
        values.into_iter().collect()
    }
}

impl<T> IntoIterator for Set<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a Set<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_kept_once_and_in_order_however_they_come() {
        let mut set: Set<String> = ["b", "a", "c", "a"].map(String::from).into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), ["a", "b", "c"]);
        assert!(!set.insert("b".into()));
        assert!(set.insert("ab".into()));
        assert_eq!(set.iter().collect::<Vec<_>>(), ["a", "ab", "b", "c"]);
        set.extend(["d".into(), "a".into(), "0".into()]);
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            ["0", "a", "ab", "b", "c", "d"]
        );
        assert_eq!(
            (set.len(), set.iter().next().map(String::as_str)),
            (6, Some("0"))
        );
    }

    #[test]
    fn lookups_borrow_and_removal_says_whether_it_took_anything() {
        let mut set = Set::from(["x".to_owned(), "y".to_owned()]);
        assert!(set.contains("x") && !set.contains("z"));
        assert!(set.remove("x"));
        assert!(!set.remove("x"));
        set.retain(|v| v != "y");
        assert!(set.is_empty());
        assert_eq!(set, Set::new());
    }

    #[test]
    fn it_agrees_with_a_btree_set_on_a_long_mixed_sequence() {
        let mut ours = Set::new();
        let mut theirs = std::collections::BTreeSet::new();
        let mut seed = 11u32;
        for _ in 0..2_000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let value = (seed >> 16) % 64;
            if seed.is_multiple_of(3) {
                assert_eq!(ours.remove(&value), theirs.remove(&value));
            } else {
                assert_eq!(ours.insert(value), theirs.insert(value));
            }
            assert!(ours.iter().eq(theirs.iter()));
        }
    }
}
