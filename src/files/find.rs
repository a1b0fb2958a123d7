//! The first answer's files: what a link to a search (`/?q=…`) is answered from before the whole
//! directory (`directory.bin`) has arrived.
//!
//! - `data/find.bin` ([`FindIndex`]): the keys of the word shards and of the title shards, the
//!   topic vocabulary, and the length of each researcher's card record;
//! - `data/words/KEY.bin`: the researcher index's word shards
//!   ([`crate::search::index::shards`]), fetched for the words typed, as the title shards are;
//! - `data/cards.bin`: each researcher's card and figures, one record after another in name
//!   order, read by byte range for the cards on screen.
//!
//! These files number researchers by their place in name order (the shards' numbering), not by
//! their place in the directory: the order needs no table of its own (at 100,000 researchers a
//! rank each was two thirds of `find.bin`).
//!
//! The shards a query needs make an index that answers it as the whole one does (hits, order,
//! count, match reasons), for a query without filters sorted by relevance or by name; the facet
//! counts wait for the whole directory.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::search::{Card, CardIndex, Stats};

/// Version of these files' format; a file of another version is refused.
pub const FORMAT_VERSION: u32 = 2;

/// The first bytes of `find.bin`.
pub const MAGIC: &[u8] = b"ATLASQ";

/// What the first answer reads first: see the module docs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindIndex {
    /// Keys of the word shards, sorted.
    pub words: Vec<String>,
    /// Keys of the publication-title shards, sorted (none when the index holds the titles).
    pub titles: Vec<String>,
    /// The topic vocabulary the cards' topics point into: (id, name).
    pub topics: Vec<(String, String)>,
    /// The length of each researcher's record in `cards.bin`, in name order.
    lengths: Vec<u32>,
    /// Where each record starts (derived from `lengths`, not encoded).
    #[serde(skip)]
    starts: Vec<u64>,
}

/// The files of the first answer, as bytes.
pub struct Written {
    /// `find.bin`.
    pub index: Vec<u8>,
    /// `cards.bin`.
    pub cards: Vec<u8>,
    /// `words/KEY.bin`, by key.
    pub words: BTreeMap<String, Vec<u8>>,
}

impl FindIndex {
    /// The first answer's files for `directory` (compiled with its titles as shards or not), with
    /// word shards of about `budget` bytes.
    pub fn write(directory: &CardIndex, budget: usize) -> Written {
        let words: BTreeMap<String, Vec<u8>> = (directory.index.word_shards(budget).into_iter())
            .map(|(key, shard)| (key, shard.to_bytes()))
            .collect();
        let mut by_name: Vec<(u32, usize)> = (directory.index.name_ranks().into_iter())
            .zip(0..)
            .collect();
        by_name.sort_unstable();
        let mut cards = Vec::new();
        let mut lengths = Vec::with_capacity(directory.cards.len());
        for (_, i) in by_name {
            let card = &directory.cards[i];
            let before = cards.len();
            cards = postcard::to_extend(&(card, directory.index.stats(i)), cards)
                .expect("a card always encodes");
            lengths.push((cards.len() - before) as u32);
        }
        let index = Self {
            words: words.keys().cloned().collect(),
            titles: directory.shards.clone().unwrap_or_default(),
            topics: directory.topics.clone(),
            lengths,
            starts: Vec::new(),
        };
        let index = postcard::to_extend(&(FORMAT_VERSION, &index), MAGIC.to_vec())
            .expect("an index always encodes");
        Written {
            index,
            cards,
            words,
        }
    }

    /// Decodes `find.bin`, refusing anything else and other format versions.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let body = bytes
            .strip_prefix(MAGIC)
            .ok_or("not the first answer's index (no Research Atlas header)")?;
        let (format, _): (u32, _) = postcard::take_from_bytes(body)
            .map_err(|e| format!("not the first answer's index: {e}"))?;
        if format != FORMAT_VERSION {
            return Err(format!(
                "first answer's index format {format}, this app reads {FORMAT_VERSION}"
            ));
        }
        let ((_, mut index), rest): ((u32, Self), _) = postcard::take_from_bytes(body)
            .map_err(|e| format!("not the first answer's index: {e}"))?;
        if !rest.is_empty() {
            return Err("not the first answer's index: bytes after it".into());
        }
        let mut at = 0u64;
        index.starts = (index.lengths.iter())
            .map(|&l| {
                let start = at;
                at += u64::from(l);
                start
            })
            .collect();
        Ok(index)
    }

    /// How many researchers the directory has.
    pub fn len(&self) -> usize {
        self.lengths.len()
    }

    /// True when the directory has nobody.
    pub fn is_empty(&self) -> bool {
        self.lengths.is_empty()
    }

    /// The bytes in `cards.bin` of the record of the researcher `rank`-th in name order.
    pub fn card_range(&self, rank: usize) -> Option<Range<u64>> {
        let start = *self.starts.get(rank)?;
        Some(start..start + u64::from(self.lengths[rank]))
    }
}

/// A researcher's card and figures, from their bytes of `cards.bin` (refused whole when they
/// are not exactly one record).
pub fn card_from_bytes(bytes: &[u8]) -> Result<(Card, Stats), String> {
    match postcard::take_from_bytes::<(Card, Stats)>(bytes) {
        Ok((card, [])) => Ok(card),
        Ok(_) => Err("not a card record: bytes after it".into()),
        Err(e) => Err(format!("not a card record: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::index::shards::{WORD_SHARD_BUDGET, WordShard, shards_for_query};
    use crate::search::{SearchIndex, SearchParams, TitleShards};

    fn bundled() -> CardIndex {
        let d = crate::model::load(include_str!("../../data/researchers.json"), 2027)
            .expect("the bundled dataset loads");
        CardIndex::compile(&d)
    }

    #[test]
    fn the_files_answer_a_query_with_its_cards() {
        let c = bundled();
        let w = FindIndex::write(&c, WORD_SHARD_BUDGET);
        let index = FindIndex::from_bytes(&w.index).unwrap();
        assert_eq!(index.len(), c.cards.len());
        let needed = shards_for_query("luo m", &index.words);
        let shards: Vec<WordShard> = (needed.iter())
            .map(|k| WordShard::from_bytes(&w.words[k]).unwrap())
            .collect();
        let part = SearchIndex::from_shards(index.len(), &shards.iter().collect::<Vec<_>>());
        let params = SearchParams::from_pairs([("q", "luo m")]);
        let got = part.find(&params, &TitleShards::default(), true).hits;
        let want = c.index.find(&params, &TitleShards::default(), true).hits;
        assert_eq!(got.len(), want.len());
        assert!(!got.is_empty());
        let ranks = c.index.name_ranks();
        for (g, h) in got.iter().zip(&want) {
            // The same people in the same order, numbered by their place in name order.
            assert_eq!(g.researcher, ranks[h.researcher] as usize);
            assert_eq!((g.score, &g.reason), (h.score, &h.reason));
            let range = index.card_range(g.researcher).unwrap();
            let bytes = &w.cards[range.start as usize..range.end as usize];
            let (card, stats) = card_from_bytes(bytes).unwrap();
            assert_eq!(card, c.cards[h.researcher]);
            assert_eq!(stats, c.index.stats(h.researcher));
        }
        // Every record, in name order, and nothing past the last.
        let names: Vec<String> = (0..index.len())
            .map(|r| {
                let range = index.card_range(r).unwrap();
                card_from_bytes(&w.cards[range.start as usize..range.end as usize])
                    .unwrap()
                    .0
                    .name
            })
            .collect();
        let mut sorted = names.clone();
        sorted.sort_by_key(|n| crate::search::text::fold(n));
        assert_eq!(names, sorted);
        assert_eq!(index.card_range(c.cards.len()), None);
    }

    #[test]
    fn anything_else_is_refused() {
        let c = bundled();
        let w = FindIndex::write(&c, WORD_SHARD_BUDGET);
        assert!(FindIndex::from_bytes(b"<!doctype html>").is_err());
        let mut longer = w.index.clone();
        longer.push(0);
        assert!(FindIndex::from_bytes(&longer).is_err());
        let other =
            postcard::to_extend(&(FORMAT_VERSION + 1, FindIndex::default()), MAGIC.to_vec())
                .unwrap();
        let err = FindIndex::from_bytes(&other).unwrap_err();
        assert!(
            err.contains(&format!("format {}", FORMAT_VERSION + 1)),
            "{err}"
        );
        let index = FindIndex::from_bytes(&w.index).unwrap();
        let range = index.card_range(0).unwrap();
        let mut record = w.cards[range.start as usize..range.end as usize].to_vec();
        assert!(card_from_bytes(&record[..record.len() - 1]).is_err());
        record.push(0);
        assert!(card_from_bytes(&record).is_err());
    }
}
