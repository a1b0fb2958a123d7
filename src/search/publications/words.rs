//! Every publication's words as a sharded index, for the text filter of the compiled
//! `/publications` (as [`titles`](crate::search::titles) does for the directory): a query
//! fetches the shards of its words only. Shards are keyed and split like the title shards
//! ([`split_words`]); a word's entries are list positions, stored as gaps so they compress.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::TextQuery;
use crate::Error;
use crate::model::shares::map_shares;
use crate::model::sort;
use crate::search::titles::{ShardKind, shard_key, shards_for_word, split_groups};

/// Most bytes a word shard may have, gzipped as a host serves it (the estimate of this kind of
/// shard is of gzipped bytes: how well gaps between list positions compress depends on how
/// common the word is).
pub const WORD_BUDGET: usize = 100 * 1024;

/// The words that share a key, each with the entries that have it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WordShard {
    /// The folded words, sorted.
    pub words: Vec<String>,
    /// Entries of word `w` are `entries[offsets[w]..offsets[w + 1]]`.
    pub offsets: Vec<u32>,
    /// List positions, ascending per word.
    pub entries: Vec<u32>,
}

impl WordShard {
    /// Encodes the shard, each word's entries as gaps.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut gaps = self.clone();
        for w in 0..self.words.len() {
            let (lo, hi) = (self.offsets[w] as usize, self.offsets[w + 1] as usize);
            for i in lo + 1..hi {
                gaps.entries[i] = self.entries[i] - self.entries[i - 1];
            }
        }
        postcard::to_allocvec(&gaps).expect("a word shard always encodes")
    }

    /// Decodes a shard written by [`Self::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let mut s: Self = postcard::from_bytes(bytes).map_err(Error::decoding("a word shard"))?;
        let n = s.entries.len() as u32;
        let ok = s.offsets.len() == s.words.len() + 1
            && s.offsets.windows(2).all(|w| w[0] <= w[1])
            && s.offsets.last().is_some_and(|&last| last == n);
        if !ok {
            return Err(Error::Broken(
                "not a word shard: its offsets do not fit its entries",
            ));
        }
        for w in 0..s.words.len() {
            for i in s.offsets[w] as usize + 1..s.offsets[w + 1] as usize {
                s.entries[i] = s.entries[i].saturating_add(s.entries[i - 1]);
            }
        }
        Ok(s)
    }

    /// The entries of every word `word` is (or, for a `prefix`, begins), ascending.
    fn entries_of(&self, word: &str, prefix: bool) -> Vec<u32> {
        let lo = self.words.partition_point(|w| w.as_str() < word);
        let hi = if prefix {
            lo + self.words[lo..].partition_point(|w| w.starts_with(word))
        } else {
            lo + usize::from(self.words.get(lo).is_some_and(|w| w == word))
        };
        let mut out = self.entries[self.offsets[lo] as usize..self.offsets[hi] as usize].to_vec();
        if hi - lo > 1 {
            out.sort_unstable();
            out.dedup();
        }
        out
    }
}

/// One entry having one word.
type Posting<'a> = (&'a str, u32);

/// About the gzipped bytes of one entry when a word's entries are `gap` apart on average: the
/// entropy of such gaps, about `log2(e · gap)` bits, but never under a third of the gap's
/// varint (entries in runs, as a venue's words are, compress less than their average says).
fn entry_bytes(gap: usize) -> f64 {
    let gap = gap.max(1);
    let entropy = ((gap as f64).log2() + std::f64::consts::LOG2_E) / 8.0;
    let varint = (usize::BITS - gap.leading_zeros()).div_ceil(7).max(1) as f64;
    entropy.max(varint / 3.0)
}

/// About the gzipped size of a shard of `postings`: each word (text compresses about three to
/// one), and each of its `c` entries, about `n / c` apart in a list of `n`.
fn estimate(postings: &[Posting<'_>]) -> usize {
    let n = postings.iter().map(|p| p.1 as usize + 1).max().unwrap_or(1);
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for p in postings {
        *counts.entry(p.0).or_default() += 1;
    }
    let bytes: f64 = (counts.iter())
        .map(|(w, &c)| (w.len() + 2) as f64 / 3.0 + c as f64 * entry_bytes(n / c))
        .sum();
    bytes.ceil() as usize
}

/// One word's postings divided into parts of about `budget` gzipped bytes, by entry.
fn parts(mut postings: Vec<Posting<'_>>, budget: usize) -> Vec<Vec<Posting<'_>>> {
    sort::by_key(&mut postings, |p| p.1);
    let n = postings.last().map_or(1, |p| p.1 as usize + 1);
    let per = (budget as f64 / entry_bytes(n / postings.len().max(1))) as usize;
    let per = per.max(1);
    let mut out: Vec<Vec<Posting<'_>>> = Vec::new();
    while postings.len() > per {
        let rest = postings.split_off(per);
        out.push(std::mem::replace(&mut postings, rest));
    }
    out.push(postings);
    out
}

fn finish(mut postings: Vec<Posting<'_>>) -> WordShard {
    postings.sort_unstable();
    postings.dedup();
    let mut s = WordShard::default();
    for (word, entry) in postings {
        if s.words.last().map(String::as_str) != Some(word) {
            s.words.push(word.to_owned());
            s.offsets.push(s.entries.len() as u32);
        }
        s.entries.push(entry);
    }
    s.offsets.push(s.entries.len() as u32);
    s
}

/// The shards of `words[i]`, the words of entry `i`, of about [`WORD_BUDGET`] bytes at most.
pub fn build(words: &[Vec<String>]) -> BTreeMap<String, WordShard> {
    build_within(words, WORD_BUDGET)
}

/// [`build`] with shards of about `budget` bytes at most.
pub fn build_within(words: &[Vec<String>], budget: usize) -> BTreeMap<String, WordShard> {
    let entries: Vec<(usize, &Vec<String>)> = words.iter().enumerate().collect();
    let mut groups: HashMap<String, Vec<Posting<'_>>> = HashMap::new();
    for share in map_shares(entries, |share| {
        let mut groups: HashMap<String, Vec<Posting<'_>>> = HashMap::new();
        for (i, words) in share {
            for w in words {
                groups.entry(shard_key(w)).or_default().push((w, i as u32));
            }
        }
        groups
    }) {
        for (key, postings) in share {
            groups.entry(key).or_default().extend(postings);
        }
    }
    let kind = ShardKind {
        word: |p: &Posting<'_>| p.0,
        estimate,
        parts,
        finish,
    };
    split_groups(groups, budget, &kind)
}

/// The keys among `known` (sorted) a query's text needs.
pub fn needed(query: &TextQuery, known: &[String]) -> Vec<String> {
    let mut keys: Vec<String> = (query.words.iter().map(|w| (w, false)))
        .chain(query.prefix.iter().map(|p| (p, true)))
        .flat_map(|(w, prefix)| shards_for_word(w, prefix, known))
        .map(|i| known[i].clone())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// The entries (ascending) that match the query's text, from the shards `loaded`; the keys
/// still missing when some are not loaded.
pub fn matches(
    query: &TextQuery,
    known: &[String],
    loaded: &BTreeMap<String, Arc<WordShard>>,
) -> Result<Vec<usize>, Vec<String>> {
    let missing: Vec<String> = (needed(query, known).into_iter())
        .filter(|k| !loaded.contains_key(k))
        .collect();
    if !missing.is_empty() {
        return Err(missing);
    }
    let mut result: Option<Vec<u32>> = None;
    let terms =
        (query.words.iter().map(|w| (w, false))).chain(query.prefix.iter().map(|p| (p, true)));
    for (word, prefix) in terms {
        let mut found: Vec<u32> = (shards_for_word(word, prefix, known).into_iter())
            .filter_map(|i| loaded.get(&known[i]))
            .flat_map(|s| s.entries_of(word, prefix))
            .collect();
        found.sort_unstable();
        found.dedup();
        result = Some(match result {
            None => found,
            Some(before) => before
                .into_iter()
                .filter(|e| found.binary_search(e).is_ok())
                .collect(),
        });
    }
    Ok(result
        .unwrap_or_default()
        .into_iter()
        .map(|e| e as usize)
        .collect())
}
