//! The index in word shards, for the first answer: the words of every searchable field but
//! publication titles (those are [`crate::search::titles`]' shards), split by their folded
//! beginning as the title shards are ([`split_words`]), each with the fields that have its words
//! and, for each field, the researchers who have it and where it is in their list.
//!
//! The shards number researchers by their place in name order, not by their place in the
//! directory: the shards a query's words need ([`shards_for_query`]) make a [`SearchIndex`] of
//! their own ([`SearchIndex::from_shards`]) whose researcher `r` is the whole index's `r`-th in
//! name order, so nothing beside the shards is needed to order hits by name. Every field that
//! has a word the query matches is in it, in each researcher's order, so it gives the whole
//! index's hits, scores, order and match reasons for that query without filters, sorted by
//! relevance or by name (it has no facet values or figures: [`answers`]), each hit numbered by
//! its place in name order. The browser can answer a link to a search from them, and the first
//! cards, before the whole directory has arrived.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::{Field, FieldKind, FieldToken, Person, Rows, SearchIndex};
use crate::Error;
use crate::model::sort;
use crate::search::params::{SearchParams, Sort};
use crate::search::text::tokenize;
use crate::search::titles::{ShardKind, shard_key, shards_for_words, split_groups};

/// Most bytes a word shard may have (estimated, encoded): about 60 KB gzipped.
pub const WORD_SHARD_BUDGET: usize = 160 * 1024;

/// A field of a word shard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardField {
    /// Its id in the whole index (a field in several shards is one field).
    id: u32,
    kind: FieldKind,
    text: String,
    /// The researchers who have it, by place in name order, ascending, each as the gap from the
    /// one before.
    people: Vec<u32>,
    /// Where it is in each one's list of fields (the first of equal reasons wins).
    positions: Vec<u32>,
}

/// The words that share a key, with the fields they are in. (Which field has which word is the
/// fields' own text, tokenized again where the shards are put together.)
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WordShard {
    /// The folded words, sorted.
    words: Vec<String>,
    /// Every field one of the words is in, once, by id.
    fields: Vec<ShardField>,
}

impl WordShard {
    /// Encodes the shard (postcard).
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("a word shard always encodes")
    }

    /// Decodes a shard written by [`Self::to_bytes`], refusing one whose lists disagree.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let shard: Self = postcard::from_bytes(bytes).map_err(Error::decoding("a word shard"))?;
        let fine = shard.words.is_sorted()
            && (shard.fields.iter()).all(|f| f.people.len() == f.positions.len());
        if fine {
            Ok(shard)
        } else {
            Err(Error::Broken("not a word shard: its lists do not agree"))
        }
    }
}

/// What the shards are built from: the index and, beside its field → researchers rows, where
/// the field is in each one's list.
struct Source<'a> {
    index: &'a SearchIndex,
    positions: Rows,
}

/// One word in one field.
type Entry<'a> = (&'a str, u32, &'a Source<'a>);

impl SearchIndex {
    /// The index's words (titles apart) in shards of about `budget` bytes, by key.
    pub fn word_shards(&self, budget: usize) -> BTreeMap<String, WordShard> {
        // Rows in the order of `field_people`'s (researchers ascending), so the two line up.
        let pairs = (self.people.iter())
            .flat_map(|p| (p.fields.iter().enumerate()).map(|(pos, &f)| (f, pos as u32)));
        let positions = Rows::new(self.fields.len(), pairs);
        let source = Source {
            index: self,
            positions,
        };
        let mut groups: BTreeMap<String, Vec<Entry<'_>>> = BTreeMap::new();
        for (f, field) in self.fields.iter().enumerate() {
            let mut seen = HashSet::new();
            for t in &field.tokens {
                if seen.insert(t.term) {
                    let word = self.vocab[t.term as usize].as_str();
                    groups
                        .entry(shard_key(word))
                        .or_default()
                        .push((word, f as u32, &source));
                }
            }
        }
        let kind = ShardKind {
            word: |e: &Entry<'_>| e.0,
            estimate,
            parts,
            finish,
        };
        split_groups(groups, budget, &kind)
    }

    /// Everyone's place in name order, by researcher: how the shards number them.
    pub fn name_ranks(&self) -> Vec<u32> {
        self.people.iter().map(|p| p.name_rank).collect()
    }

    /// The index of the fields in `shards`, for a directory of `researchers`, each numbered by
    /// their place in name order: it answers a query whose words' shards ([`shards_for_query`])
    /// are all there as the whole index does (hits numbered so), when [`answers`] says it can.
    pub fn from_shards(researchers: usize, shards: &[&WordShard]) -> SearchIndex {
        let mut vocab: Vec<&str> = (shards.iter())
            .flat_map(|s| s.words.iter().map(String::as_str))
            .collect();
        vocab.sort_unstable();
        vocab.dedup();
        let term_of = |w: &str| vocab.binary_search(&w).ok().map(|i| i as u32);
        let mut ids: HashMap<u32, u32> = HashMap::new();
        let mut fields: Vec<Field> = Vec::new();
        let mut people: Vec<Person> = (0..researchers as u32)
            .map(|name_rank| Person {
                name_rank,
                ..Person::default()
            })
            .collect();
        let mut placed: Vec<Vec<(u32, u32)>> = vec![Vec::new(); researchers];
        for f in shards.iter().flat_map(|s| &s.fields) {
            if ids.contains_key(&f.id) {
                continue;
            }
            let id = fields.len() as u32;
            ids.insert(f.id, id);
            fields.push(Field {
                kind: f.kind,
                text: f.text.clone(),
                tokens: (tokenize(&f.text).into_iter())
                    .filter_map(|t| {
                        Some(FieldToken {
                            term: term_of(&t.text)?,
                            start: t.start as u32,
                            end: t.end as u32,
                        })
                    })
                    .collect(),
            });
            let mut person = 0u32;
            for (&gap, &pos) in f.people.iter().zip(&f.positions) {
                person += gap;
                if let Some(list) = placed.get_mut(person as usize) {
                    list.push((pos, id));
                }
            }
        }
        for (p, mut list) in people.iter_mut().zip(placed) {
            list.sort_unstable();
            p.fields = list.into_iter().map(|(_, f)| f).collect();
        }
        let mut index = SearchIndex {
            vocab: vocab.into_iter().map(str::to_owned).collect(),
            fields,
            people,
            ..SearchIndex::default()
        };
        index.invert();
        index
    }
}

/// Whether an index [`SearchIndex::from_shards`] answers `params` as the whole one does: a
/// query without filters, sorted by relevance or by name (it has no facet values or figures).
pub fn answers(params: &SearchParams) -> bool {
    let plain = SearchParams {
        query: params.query.clone(),
        sort: params.sort,
        ..SearchParams::default()
    };
    *params == plain && matches!(params.effective_sort(), Sort::Relevance | Sort::Name)
}

/// The keys among `known` (sorted) whose shards a query's words need: each word's own, and
/// for the last (a prefix) every shard of words that start with it.
pub fn shards_for_query<S: AsRef<str>>(query: &str, known: &[S]) -> Vec<String> {
    shards_for_words(query, known, |_| true)
}

/// About the encoded size of a shard of `entries`: words, each field's text and researchers
/// once, and a field number per entry.
fn estimate(entries: &[Entry<'_>]) -> usize {
    let Some((_, _, source)) = entries.first() else {
        return 0;
    };
    let words: HashSet<&str> = entries.iter().map(|e| e.0).collect();
    let fields: HashSet<u32> = entries.iter().map(|e| e.1).collect();
    let words: usize = words.iter().map(|w| w.len() + 2).sum();
    let fields: usize = (fields.iter())
        .map(|&f| {
            let people = source.index.field_people.row(f).len();
            source.index.fields[f as usize].text.len() + 6 + people * 3
        })
        .sum();
    words + fields
}

/// One word's entries too many for a shard, divided into parts of about `budget` bytes.
fn parts(entries: Vec<Entry<'_>>, budget: usize) -> Vec<Vec<Entry<'_>>> {
    let mut parts: Vec<Vec<Entry<'_>>> = vec![Vec::new()];
    let mut bytes = 0;
    for e in entries {
        let more = estimate(std::slice::from_ref(&e));
        if bytes + more > budget && parts.last().is_some_and(|p| !p.is_empty()) {
            parts.push(Vec::new());
            bytes = 0;
        }
        bytes += more;
        parts.last_mut().expect("one part at least").push(e);
    }
    parts
}

/// The shard of `entries`: words sorted, each field once, by id.
fn finish(mut entries: Vec<Entry<'_>>) -> WordShard {
    sort::by(&mut entries, |x, y| (x.1, x.0).cmp(&(y.1, y.0)));
    let mut shard = WordShard::default();
    let mut words: Vec<&str> = Vec::new();
    for (word, f, source) in entries {
        words.push(word);
        if shard.fields.last().map(|l| l.id) != Some(f) {
            let index = source.index;
            let field = &index.fields[f as usize];
            let mut ranked: Vec<(u32, u32)> = (index.field_people.row(f).iter())
                .map(|&p| index.people[p as usize].name_rank)
                .zip(source.positions.row(f).iter().copied())
                .collect();
            ranked.sort_unstable();
            let mut previous = 0;
            shard.fields.push(ShardField {
                id: f,
                kind: field.kind,
                text: field.text.clone(),
                people: (ranked.iter())
                    .map(|&(r, _)| {
                        let gap = r - previous;
                        previous = r;
                        gap
                    })
                    .collect(),
                positions: ranked.iter().map(|&(_, pos)| pos).collect(),
            });
        }
    }
    words.sort_unstable();
    words.dedup();
    shard.words = words.into_iter().map(str::to_owned).collect();
    shard
}
