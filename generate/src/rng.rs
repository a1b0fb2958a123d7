//! A small deterministic random number generator, so a seed always gives the same dataset.
//!
//! SplitMix64 (Steele, Lea and Flood, 2014): one 64-bit state, statistically sound for
//! generating test data, and written here rather than taken from a crate so that the output of
//! `gen-data` can never change under a dependency update.

/// SplitMix64 with the picks the generator needs.
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole sequence is decided by `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`; `n` must be positive. Multiply-shift: the bias is below 2⁻⁴⁰ for the
    /// list sizes used here.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "Rng::below(0)");
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u16, hi: u16) -> u16 {
        assert!(lo <= hi, "Rng::range({lo}, {hi})");
        lo + self.below(usize::from(hi - lo) + 1) as u16
    }

    /// Uniform in `[0, 1)`, with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// One item of a non-empty slice, uniformly.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Shuffles in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// Picks indices with fixed weights in O(log n): cumulative sums and a binary search.
pub struct Weighted {
    cumulative: Vec<f64>,
}

impl Weighted {
    /// From non-negative weights, at least one of them positive.
    pub fn new(weights: impl IntoIterator<Item = f64>) -> Self {
        let mut total = 0.0;
        let cumulative: Vec<f64> = weights
            .into_iter()
            .map(|w| {
                total += w;
                total
            })
            .collect();
        assert!(total > 0.0, "Weighted::new needs a positive weight");
        Self { cumulative }
    }

    /// Zipf-like popularity over `n` ranks: rank `k` (from 0) has weight `1 / (k + 1)^s`.
    pub fn zipf(n: usize, s: f64) -> Self {
        Self::new((1..=n).map(|k| 1.0 / (k as f64).powf(s)))
    }

    /// An index, drawn in proportion to its weight.
    pub fn sample(&self, rng: &mut Rng) -> usize {
        let total = *self.cumulative.last().expect("non-empty");
        let x = rng.unit() * total;
        self.cumulative
            .partition_point(|&c| c <= x)
            .min(self.cumulative.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn picks_stay_in_range() {
        let mut rng = Rng::new(7);
        for _ in 0..10_000 {
            assert!(rng.below(3) < 3);
            assert!((2000..=2026).contains(&rng.range(2000, 2026)));
            assert!((0.0..1.0).contains(&rng.unit()));
        }
    }

    #[test]
    fn zipf_favours_the_first_ranks() {
        let mut rng = Rng::new(1);
        let zipf = Weighted::zipf(100, 1.0);
        let mut counts = [0u32; 100];
        for _ in 0..50_000 {
            counts[zipf.sample(&mut rng)] += 1;
        }
        assert!(counts[0] > 5 * counts[20], "{:?}", &counts[..25]);
    }

    #[test]
    fn zero_weights_are_never_drawn() {
        let mut rng = Rng::new(3);
        let w = Weighted::new([0.0, 1.0, 0.0, 2.0]);
        for _ in 0..1000 {
            assert!(matches!(w.sample(&mut rng), 1 | 3));
        }
    }
}
