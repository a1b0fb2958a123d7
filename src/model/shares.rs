//! Work shared out over the machine's cores, for the heavy passes over a large dataset (loading
//! its records, building the title shards). Where threads are not available (the browser), the work runs
//! in one go on the calling thread, with the same result.

use crate::model::sort;

/// How many threads to share work over: the cores natively, one in the browser.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `f` once per share of `items` and returns the results, one per share. Items are dealt
/// out in turn (item `i` to share `i % shares`), so sorting them by cost first balances the
/// shares.
pub fn map_shares<T: Send, R: Send>(items: Vec<T>, f: impl Fn(Vec<T>) -> R + Sync) -> Vec<R> {
    let n = threads().min(items.len()).max(1);
    if n == 1 {
        return vec![f(items)];
    }
    let mut shares: Vec<Vec<T>> = (0..n).map(|_| Vec::new()).collect();
    for (i, item) in items.into_iter().enumerate() {
        shares[i % n].push(item);
    }
    let f = &f;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (shares.into_iter())
            .map(|share| scope.spawn(move || f(share)))
            .collect();
        (workers.into_iter())
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Maps every item with `f` over the shares and returns the results in the items' order.
pub fn map_in_order<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let numbered: Vec<(usize, T)> = items.into_iter().enumerate().collect();
    let mut out: Vec<(usize, R)> = map_shares(numbered, |share| {
        share
            .into_iter()
            .map(|(i, t)| (i, f(t)))
            .collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect();
    sort::by_key(&mut out, |(i, _)| *i);
    out.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_is_done_once_and_the_order_is_kept() {
        let items: Vec<u32> = (0..1_000).collect();
        let sums = map_shares(items.clone(), |share| share.iter().sum::<u32>());
        assert_eq!(sums.iter().sum::<u32>(), items.iter().sum::<u32>());
        assert_eq!(sums.len(), threads().min(1_000));
        assert_eq!(
            map_in_order(items.clone(), |i| i * 2),
            (0..1_000).map(|i| i * 2).collect::<Vec<_>>()
        );
        assert_eq!(map_in_order(Vec::<u32>::new(), |i| i), Vec::<u32>::new());
    }
}
