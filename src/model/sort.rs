//! Sorting through one compiled sort.
//!
//! `slice::sort_by` and its kin compile the standard library's sort anew for every comparison
//! closure: 1–3 KB of wasm each, and the pages' lists, summaries and rankings had some forty of
//! them (48 KB of sort code before `wasm-opt` in the files a profile fetches).
//! [`by`] sorts the items' positions with a comparison of one type (`&dyn Fn`), so every caller
//! shares one compiled sort and pays only for a small loop that moves its items into the order
//! found.
//!
//! Both are stable, like `sort_by`; where a caller needs no stability, a stable order is still a
//! right answer. Each comparison costs one indirect call more, so what runs on every keystroke
//! keeps the standard library's sort: the ranking (`search::index::query`) and the facets' values
//! (`search::index::facets`: through this sort, a one-letter query at 20,000 researchers took 4%
//! longer natively). So does code that runs only at build time.

use std::cmp::Ordering;

/// Sorts `items` by `compare`, stably: what `items.sort_by(compare)` does.
pub fn by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    positions(&mut order, &|a, b| compare(&items[a], &items[b]));
    permute(items, &mut order);
}

/// Sorts `items` by the key `key` gives each, stably: what `items.sort_by_key(key)` does.
pub fn by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    by(items, |a, b| key(a).cmp(&key(b)));
}

/// The one compiled sort: positions, compared through a trait object.
#[inline(never)]
fn positions(order: &mut [usize], compare: &dyn Fn(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| compare(a, b));
}

/// Puts the item at `order[i]` at `i`, for every `i`: each cycle of the permutation is followed
/// once, with swaps. `order` is left as the identity.
fn permute<T>(items: &mut [T], order: &mut [usize]) {
    for start in 0..items.len() {
        let mut at = start;
        // A position whose item is in place (a fixed point, or a cycle already followed) is
        // its own entry.
        while order[at] != at {
            let from = std::mem::replace(&mut order[at], at);
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few hundred lists with many equal keys, from a fixed linear congruential sequence.
    fn lists() -> Vec<Vec<(u8, usize)>> {
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as usize
        };
        (0..300)
            .map(|n| {
                let len = n % 40;
                let spread = 1 + next() % 6;
                (0..len).map(|i| ((next() % spread) as u8, i)).collect()
            })
            .collect()
    }

    #[test]
    fn by_orders_as_the_standard_librarys_stable_sort_does() {
        for list in lists() {
            let mut want = list.clone();
            // Odd keys first, each half descending; equal keys compare equal.
            let compare =
                |a: &(u8, usize), b: &(u8, usize)| (b.0 % 2).cmp(&(a.0 % 2)).then(b.0.cmp(&a.0));
            want.sort_by(compare);
            let mut got = list.clone();
            by(&mut got, compare);
            // The second field is the original position: equal keys keep their order.
            assert_eq!(got, want, "{list:?}");
        }
    }

    #[test]
    fn by_key_orders_as_sort_by_key_does() {
        for list in lists() {
            let mut want = list.clone();
            want.sort_by_key(|&(key, _)| key);
            let mut got = list.clone();
            by_key(&mut got, |&(key, _)| key);
            assert_eq!(got, want, "{list:?}");
        }
    }

    #[test]
    fn items_that_cannot_be_copied_are_moved_not_cloned() {
        let mut words: Vec<String> = ["pear", "fig", "apple", "kiwi", "date"]
            .map(String::from)
            .to_vec();
        by_key(&mut words, String::len);
        assert_eq!(words, ["fig", "pear", "kiwi", "date", "apple"]);
        let mut one = vec![String::from("x")];
        by(&mut one, |a, b| a.cmp(b));
        assert_eq!(one, ["x"]);
        by(&mut Vec::<String>::new(), |a, b| a.cmp(b));
    }

    #[test]
    fn every_permutation_of_five_is_put_in_order() {
        // Every cycle structure of five positions: fixed points, swaps, 3-, 4- and 5-cycles.
        let mut items = [0usize, 1, 2, 3, 4];
        let mut count = 0;
        permutations(&mut items, 0, &mut |p| {
            let mut got = p.to_vec();
            by_key(&mut got, |&x| x);
            assert_eq!(got, [0, 1, 2, 3, 4], "from {p:?}");
            count += 1;
        });
        assert_eq!(count, 120);
    }

    fn permutations(items: &mut [usize; 5], k: usize, each: &mut dyn FnMut(&[usize])) {
        if k == items.len() {
            return each(items);
        }
        for i in k..items.len() {
            items.swap(k, i);
            permutations(items, k + 1, each);
            items.swap(k, i);
        }
    }
}
