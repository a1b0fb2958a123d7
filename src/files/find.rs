//! The first answer's files: what a link to a search (`/?q=…`) is answered from before the whole
//! directory (`directory.bin`) has arrived.
//!
//! - `data/find.bin` ([`FindIndex`]): the keys of the word shards and of the title shards, the
//!   topic vocabulary, and the length of each block of [`BLOCK`] card records;
//! - `data/words/KEY.bin`: the researcher index's word shards
//!   ([`crate::search::index::shards`]), fetched for the words typed, as the title shards are;
//! - `data/cards.bin`: each researcher's card and figures, one record after another in name
//!   order, read by byte range, a block of [`BLOCK`] records at a time, for the cards on screen.
//!
//! These files number researchers by their place in name order (the shards' numbering), not by
//! their place in the directory: the order needs no table of its own (at 100,000 researchers a
//! rank each was two thirds of `find.bin`). A length per block rather than per record: at
//! 20,000 researchers `find.bin` went from 26 to about 8 KB gzipped for about 7 KB more in the
//! twelve cards' blocks, and two cards of one block are one request.
//!
//! The shards a query needs make an index that answers it as the whole one does (hits, order,
//! count, match reasons), for a query without filters sorted by relevance or by name; the facet
//! counts wait for the whole directory.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::Header;
use crate::Error;
use crate::search::{Card, CardIndex, Stats};

/// Version of these files' format; a file of another version is refused. 4: a card's
/// translations.
pub const FORMAT_VERSION: u32 = 4;

/// The first bytes of `find.bin`.
pub const MAGIC: &[u8] = b"ATLASQ";

/// Card records per block of `cards.bin`, the unit it is read in.
pub const BLOCK: usize = 4;

/// What the first answer reads first: see the module docs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindIndex {
    /// Keys of the word shards, sorted.
    pub words: Vec<String>,
    /// Keys of the publication-title shards, sorted (none when the index holds the titles).
    pub titles: Vec<String>,
    /// The topic vocabulary the cards' topics point into: (id, name).
    pub topics: Vec<(String, String)>,
    /// How many researchers the directory has.
    researchers: u32,
    /// The length in `cards.bin` of each block of [`BLOCK`] records (the last may have fewer).
    blocks: Vec<u32>,
    /// Where each block starts (derived from `blocks`, not encoded).
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
    pub fn write(compiled: &CardIndex, budget: usize) -> Written {
        let words: BTreeMap<String, Vec<u8>> = (compiled.index.word_shards(budget).into_iter())
            .map(|(key, shard)| (key, shard.to_bytes()))
            .collect();
        let mut by_name: Vec<(u32, usize)> =
            (compiled.index.name_ranks().into_iter()).zip(0..).collect();
        by_name.sort_unstable();
        let mut cards = Vec::new();
        let mut blocks = Vec::with_capacity(compiled.cards.len().div_ceil(BLOCK));
        for block in by_name.chunks(BLOCK) {
            let before = cards.len();
            for &(_, i) in block {
                cards = postcard::to_extend(&(&compiled.cards[i], compiled.index.stats(i)), cards)
                    .expect("a card always encodes");
            }
            blocks.push((cards.len() - before) as u32);
        }
        let index = Self {
            words: words.keys().cloned().collect(),
            titles: compiled.shards.clone().unwrap_or_default(),
            topics: compiled.topics.clone(),
            researchers: compiled.cards.len() as u32,
            blocks,
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
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let header = Header {
            magic: MAGIC,
            version: FORMAT_VERSION,
            name: "the first answer's index",
            missing: "the first answer's index (no Research Atlas header)",
            kind: "first answer's index",
        };
        let body = header.open(bytes)?;
        let (mut index, rest): (Self, _) =
            postcard::take_from_bytes(body).map_err(Error::decoding(header.name))?;
        if !rest.is_empty() || index.blocks.len() != (index.researchers as usize).div_ceil(BLOCK) {
            return Err(Error::Broken(
                "not the first answer's index: its lists do not agree",
            ));
        }
        let mut at = 0u64;
        index.starts = (index.blocks.iter())
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
        self.researchers as usize
    }

    /// True when the directory has nobody.
    pub fn is_empty(&self) -> bool {
        self.researchers == 0
    }

    /// The block of `cards.bin` that has the record of the researcher `rank`-th in name order:
    /// its number, bytes and how many records it has.
    pub fn card_block(&self, rank: usize) -> Option<CardBlock> {
        if rank >= self.len() {
            return None;
        }
        let block = rank / BLOCK;
        let start = self.starts[block];
        Some(CardBlock {
            block,
            bytes: start..start + u64::from(self.blocks[block]),
            records: BLOCK.min(self.len() - block * BLOCK),
        })
    }
}

/// A block of card records in `cards.bin` ([`FindIndex::card_block`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardBlock {
    /// Its number: the block of ranks `block * BLOCK ..`.
    pub block: usize,
    /// Its bytes in `cards.bin`.
    pub bytes: Range<u64>,
    /// How many records it has.
    pub records: usize,
}

impl CardBlock {
    /// The cards and figures of the block's records, from its bytes (refused whole when they
    /// are not exactly its records).
    pub fn read(&self, bytes: &[u8]) -> Result<Vec<(Card, Stats)>, Error> {
        let mut rest = bytes;
        let mut cards = Vec::with_capacity(self.records);
        for _ in 0..self.records {
            let (card, after) = postcard::take_from_bytes::<(Card, Stats)>(rest)
                .map_err(Error::decoding("a block of card records"))?;
            cards.push(card);
            rest = after;
        }
        if rest.is_empty() {
            Ok(cards)
        } else {
            Err(Error::Broken("not a block of card records: bytes after it"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::index::shards::{WORD_SHARD_BUDGET, WordShard, shards_for_query};
    use crate::search::{SearchIndex, SearchParams, TitleShards};

    fn bundled() -> CardIndex {
        CardIndex::compile(&crate::model::bundled::loaded())
    }

    /// The card and figures of the researcher `rank`-th in name order, read from its block.
    fn card_of(w: &Written, index: &FindIndex, rank: usize) -> (Card, Stats) {
        let block = index.card_block(rank).unwrap();
        let bytes = &w.cards[block.bytes.start as usize..block.bytes.end as usize];
        block.read(bytes).unwrap().swap_remove(rank % BLOCK)
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
            let (card, stats) = card_of(&w, &index, g.researcher);
            assert_eq!(card, c.cards[h.researcher]);
            assert_eq!(stats, c.index.stats(h.researcher));
        }
        // Every record, in name order, and nothing past the last.
        let names: Vec<String> = (0..index.len())
            .map(|r| card_of(&w, &index, r).0.name)
            .collect();
        let mut sorted = names.clone();
        sorted.sort_by_key(|n| crate::search::text::fold(n));
        assert_eq!(names, sorted);
        assert_eq!(index.card_block(c.cards.len()), None);
        // Five researchers: a whole block of four, and one of one.
        assert_eq!(
            index.card_block(4).map(|b| (b.block, b.records)),
            Some((1, 1))
        );
        assert_eq!(
            index.card_block(3).map(|b| (b.block, b.records)),
            Some((0, 4))
        );
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
        let err = FindIndex::from_bytes(&other).unwrap_err().to_string();
        assert!(
            err.contains(&format!("format {}", FORMAT_VERSION + 1)),
            "{err}"
        );
        // A count of researchers its blocks do not have.
        let wrong = FindIndex {
            researchers: 9,
            blocks: vec![1],
            ..FindIndex::default()
        };
        let wrong = postcard::to_extend(&(FORMAT_VERSION, wrong), MAGIC.to_vec()).unwrap();
        assert!(FindIndex::from_bytes(&wrong).is_err());
        let index = FindIndex::from_bytes(&w.index).unwrap();
        let block = index.card_block(0).unwrap();
        let mut bytes = w.cards[block.bytes.start as usize..block.bytes.end as usize].to_vec();
        assert!(block.read(&bytes[..bytes.len() - 1]).is_err());
        bytes.push(0);
        assert!(block.read(&bytes).is_err());
    }
}
