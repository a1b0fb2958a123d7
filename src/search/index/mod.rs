//! The search index: built once from a [`Dataset`], then asked [`SearchParams`] questions.
//!
//! It owns everything a query needs, pre-computed in [`SearchIndex::new`]: every searchable text
//! tokenized once (shared texts such as a publication's title or an organization's name are
//! stored once), a sorted vocabulary of folded words so a prefix is a contiguous range of word
//! ids, each researcher's sorted word list with the best field weight of each word, and each
//! researcher's facet values. A search is then one pass over the researchers: score the query,
//! test the filters, count facet values "as if added", and finally explain each hit by the field
//! that matched best. Nothing in `search` re-tokenizes the dataset.
//!
//! The compiled directory ([`crate::files::cards`]) ships this index pre-built, without publication
//! titles ([`SearchIndex::new_sharded`]): those are [`super::titles`] shards that the browser
//! fetches for the words typed, and [`SearchIndex::search_with`] searches whichever are loaded.
//!
//! This file holds the public answer types and the index's data; `build.rs` fills it from a
//! dataset, `query.rs` compiles and runs queries, `facets.rs` filters and counts facet values,
//! `explain.rs` says why a researcher matched, and `shards.rs` cuts the index into word shards
//! from which the shards a query needs make an index that answers it alone (the first answer,
//! before the whole directory). Their tests are in `tests/` (`mod.rs` with
//! the shared fixture, `facets.rs`, `explain.rs`).
//!
//! [`Dataset`]: crate::model::Dataset
//! [`SearchParams`]: super::SearchParams

mod build;
mod collate;
mod explain;
mod facets;
mod narrow;
mod query;
pub mod shards;

#[cfg(test)]
mod tests;

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::facet::Facet;
pub use super::facet::country_name;
use super::text::fold;
use facets::FacetSets;
pub use narrow::QueryMemory;
pub use query::Found;

/// What kind of text a query word matched; decides its weight and the reason's label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FieldKind {
    /// The researcher's name.
    Name,
    /// Their native-script name or an alternative spelling.
    OtherName,
    /// A current, past or education organization's name, short name or alias.
    Organization,
    /// A topic of theirs or of one of their publications.
    Topic,
    /// A research interest in their own words.
    Interest,
    /// A publication title.
    Publication,
    /// A publication venue's short or full name.
    Venue,
    /// An award name.
    Award,
    /// A talk title.
    Talk,
    /// A project name.
    Project,
}

impl FieldKind {
    /// Every kind, in the order a researcher's fields are listed.
    pub const ALL: [FieldKind; 10] = [
        Self::Name,
        Self::OtherName,
        Self::Organization,
        Self::Topic,
        Self::Interest,
        Self::Publication,
        Self::Venue,
        Self::Award,
        Self::Talk,
        Self::Project,
    ];

    /// The label shown before a match reason in `t`'s language, e.g. `"Also known as"`.
    pub fn label(self, t: &crate::lang::Catalogue) -> &'static str {
        let t = t.search_text();
        match self {
            Self::Name => t.field_name(),
            Self::OtherName => t.field_other_name(),
            Self::Organization => t.field_organization(),
            Self::Topic => t.field_topic(),
            Self::Interest => t.field_interest(),
            Self::Publication => t.field_publication(),
            Self::Venue => t.field_venue(),
            Self::Award => t.field_award(),
            Self::Talk => t.field_talk(),
            Self::Project => t.field_project(),
        }
    }

    /// The score of an exact word match in this kind of field (a prefix match scores 3/4 of it).
    pub fn weight(self) -> u32 {
        match self {
            Self::Name => 100,
            Self::OtherName => 80,
            Self::Organization | Self::Topic => 40,
            Self::Interest | Self::Project => 30,
            Self::Award => 25,
            Self::Publication => 20,
            Self::Talk => 15,
            Self::Venue => 10,
        }
    }
}

/// Why a researcher matched: the field that matched the query best, with the matched parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchReason {
    /// What kind of field it is.
    pub kind: FieldKind,
    /// The field's text as the dataset has it.
    pub text: String,
    /// Byte ranges in `text` that matched a query word: sorted, non-overlapping, on char boundaries.
    pub highlights: Vec<(usize, usize)>,
}

/// One researcher in the results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    /// Index into `dataset.researchers`.
    pub researcher: usize,
    /// Relevance score; 0 when the query has no words.
    pub score: u32,
    /// The best-matching field; `None` when the query has no words.
    pub reason: Option<MatchReason>,
}

/// Counts shown on a researcher's card and used by the sorts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Stats {
    /// Distinct publications on their profile.
    pub publications: usize,
    /// Awards and honours.
    pub awards: usize,
    /// Invited talks.
    pub talks: usize,
    /// Year of their earliest publication.
    pub first_year: Option<u16>,
    /// Year of their latest publication.
    pub last_year: Option<u16>,
}

/// One value of a facet, with how many results there would be if it were added.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct FacetValue {
    /// The value as written in the URL, e.g. `"uc-berkeley"`, `"phd_student"`, `"US"`.
    pub id: String,
    /// The label shown to users, e.g. `"UC Berkeley"`, `"PhD student"`, `"United States"`.
    pub label: String,
    /// Results if this value were added to its facet's selection (for a selected value: as is).
    pub count: usize,
    /// Whether the value is in the current selection.
    pub selected: bool,
}

/// Every list facet's values with "if added" counts, and the award toggle and year bounds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FacetCounts {
    /// Per list facet, in [`Facet::ALL`] order: its values, count descending, then label.
    lists: [Vec<FacetValue>; Facet::ALL.len()],
    /// The "has an award" toggle (id `"1"`).
    pub award: FacetValue,
    /// Earliest publication year in the whole dataset.
    pub year_min: Option<u16>,
    /// Latest publication year in the whole dataset.
    pub year_max: Option<u16>,
}

impl FacetCounts {
    /// The values of facet `f` with their counts, most frequent first.
    pub fn get(&self, f: Facet) -> &[FacetValue] {
        &self.lists[f.index()]
    }
}

/// The answer to a search: the ordered hits and the facet counts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchResults {
    /// Matching researchers, in the effective sort order.
    pub hits: Vec<Hit>,
    /// Facet values with "if added" counts.
    pub facets: FacetCounts,
    /// What the next key's search may start from (not compared: see [`QueryMemory`]).
    pub memory: QueryMemory,
}

/// A facet's vocabulary: URL ids, labels, folded labels for sorting, and id → position.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Values {
    ids: Vec<String>,
    labels: Vec<String>,
    /// Derived from `labels`; rebuilt after decoding.
    #[serde(skip)]
    sort_keys: Vec<String>,
    /// Derived from `ids`; rebuilt after decoding.
    #[serde(skip)]
    lookup: HashMap<String, u32>,
}

impl Values {
    /// Adds a value unless its id is already known; returns its position either way.
    fn add(&mut self, id: &str, label: &str) -> u32 {
        if let Some(&i) = self.lookup.get(id) {
            return i;
        }
        let i = self.ids.len() as u32;
        self.ids.push(id.to_owned());
        self.labels.push(label.to_owned());
        self.sort_keys.push(fold(label));
        self.lookup.insert(id.to_owned(), i);
        i
    }

    fn get(&self, id: &str) -> Option<u32> {
        self.lookup.get(id).copied()
    }

    fn len(&self) -> usize {
        self.ids.len()
    }

    /// Recomputes the derived fields (after decoding, which skips them).
    fn rebuild(&mut self) {
        self.sort_keys = self.labels.iter().map(|l| fold(l)).collect();
        self.lookup = (self.ids.iter().enumerate())
            .map(|(i, id)| (id.clone(), i as u32))
            .collect();
    }
}

/// One word of a stored field: its vocabulary id and byte range in the field's text.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
struct FieldToken {
    term: u32,
    start: u32,
    end: u32,
}

/// A searchable text, stored once however many researchers share it.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Field {
    kind: FieldKind,
    text: String,
    tokens: Vec<FieldToken>,
}

/// Everything the index knows about one researcher.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Person {
    /// Their searchable fields (ids into `SearchIndex::fields`), heaviest kind first.
    fields: Vec<u32>,
    /// Facet value positions per list facet (the Organization slot: current organization only).
    values: [Vec<u32>; Facet::ALL.len()],
    /// Current and past organizations (for [`OrgScope::Any`](super::OrgScope::Any)).
    org_any: Vec<u32>,
    /// Distinct publication years, ascending.
    years: Vec<u16>,
    has_award: bool,
    stats: Stats,
    /// Position in name order (folded name, then id).
    name_rank: u32,
}

/// Compressed sparse rows: the items of row `r` are `items[starts[r]..starts[r + 1]]`.
#[derive(Debug, Clone, Default)]
struct Rows {
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl Rows {
    /// Groups `(row, item)` pairs by row (a counting sort; items keep their order in a row).
    fn new(rows: usize, pairs: impl Iterator<Item = (u32, u32)> + Clone) -> Self {
        let mut starts = vec![0u32; rows + 1];
        for (row, _) in pairs.clone() {
            starts[row as usize + 1] += 1;
        }
        for r in 1..starts.len() {
            starts[r] += starts[r - 1];
        }
        let mut next = starts.clone();
        let mut items = vec![0u32; starts[rows] as usize];
        for (row, item) in pairs {
            let at = &mut next[row as usize];
            items[*at as usize] = item;
            *at += 1;
        }
        Self { starts, items }
    }

    /// The items of rows `lo..hi`.
    fn range(&self, lo: u32, hi: u32) -> &[u32] {
        &self.items[self.starts[lo as usize] as usize..self.starts[hi as usize] as usize]
    }

    /// The items of row `r`.
    fn row(&self, r: u32) -> &[u32] {
        self.range(r, r + 1)
    }
}

/// The index over one dataset; see the module docs.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SearchIndex {
    /// Every distinct folded word, sorted; a word's id is its position.
    vocab: Vec<String>,
    /// The fields each word is in, by word id: as words are sorted, the fields of all words
    /// with a given prefix are one contiguous slice. Derived from `fields` (not encoded).
    #[serde(skip)]
    word_fields: Rows,
    /// The researchers that have each field, by field id. Derived from `people` (not encoded):
    /// so the file stores each researcher's field list once, not a posting per word.
    #[serde(skip)]
    field_people: Rows,
    fields: Vec<Field>,
    people: Vec<Person>,
    /// Vocabulary of each list facet, in [`Facet::ALL`] order.
    facets: [Values; Facet::ALL.len()],
    /// Whether some researcher has the value, per list facet (Organization: as current one).
    occurs: [Vec<bool>; Facet::ALL.len()],
    /// Whether some researcher has the organization as current or past one.
    org_any_occurs: Vec<bool>,
    year_min: Option<u16>,
    year_max: Option<u16>,
    /// Whether publication titles are fields of this index (false: they are sharded).
    titles_inline: bool,
    /// Who has each facet value, year and award, as sets. Derived from `people` (not encoded).
    #[serde(skip)]
    sets: FacetSets,
    /// Researchers in name order (by `name_rank`). Derived from `people` (not encoded): hits
    /// taken in this order are in the order every sort breaks its ties by.
    #[serde(skip)]
    by_name: Vec<u32>,
    /// The words in a researcher's fields, on average, rounded up (the cost of reading one
    /// researcher's fields against a query word). Derived (not encoded).
    #[serde(skip)]
    tokens_per_person: usize,
    /// Each site language's name order (a rank per researcher) where it differs from
    /// `name_rank`'s ([`collate`]).
    orders: Vec<(String, Vec<u32>)>,
    /// The rank by which hits are in name order: `name_rank`, or the page's language's
    /// ([`Self::use_name_order`]). Derived (not encoded).
    #[serde(skip)]
    sort_rank: Vec<u32>,
    /// Researchers in `sort_rank` order. Derived (not encoded).
    #[serde(skip)]
    by_sort: Vec<u32>,
    /// Which index this is, for a [`QueryMemory`] to be read only by the index that wrote it:
    /// new each time the inverted lists are built. Derived (not encoded).
    #[serde(skip)]
    stamp: u64,
}

impl SearchIndex {
    /// Number of researchers indexed.
    pub fn len(&self) -> usize {
        self.people.len()
    }

    /// True when the dataset has no researchers.
    pub fn is_empty(&self) -> bool {
        self.people.is_empty()
    }

    /// Stats of researcher i (publications = union of the ids they list; years from those).
    ///
    /// Panics when `researcher` is out of range, like indexing `dataset.researchers`.
    pub fn stats(&self, researcher: usize) -> Stats {
        self.people[researcher].stats
    }
}
