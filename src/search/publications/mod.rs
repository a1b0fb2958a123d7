//! Publication lists: one researcher's papers or the whole dataset's, filtered, grouped, sorted
//! and paged, with facet counts.
//!
//! The list's URL state is [`PubParams`](super::params::PubParams). Every list is answered by
//! one function, [`PubCore::list`], over the publications' filter attributes ([`PubAttrs`]) in
//! *list order* — newest first by year and month, then by folded title — and the set of those
//! that match the text ([`TextQuery`]). Two sources feed it:
//! - [`PublicationIndex`] (`memory.rs`): a loaded dataset, for profiles and for a site without
//!   compiled files; it matches the text against each publication's words itself;
//! - the compiled files (`files.rs`): what `build-data` writes for `/publications`, so that the
//!   page downloads its first page of entries and, only when a filter needs them, the parts of
//!   the attributes it reads ([`parts`]: each chosen value's entries, a column for the facet
//!   counts) and the word shards of the query ([`words`]).
//!
//! Both answer the same list for the same params: that is tested on the bundled data and on
//! 2,000 generated researchers.

use serde::{Deserialize, Serialize};

use super::index::FacetValue;
use super::params::PubParams;
use super::text::tokenize;
use crate::lang::Catalogue;
use crate::model::PublicationType;

mod list;
mod memory;
pub mod parts;
pub mod words;

pub use list::PubCore;
pub(crate) use list::{Tally, Tests};
pub use memory::PublicationIndex;

use super::organizations::VenueLabel;

/// Entries per page of a list.
pub const PAGE_SIZE: usize = 100;

/// The vocabularies a list's filters name: venues, topics and organizations, each `(id, label)`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PubVocab {
    /// Venues, in dataset order.
    pub venues: Vec<VenueLabel>,
    /// Topics (id, name), in dataset order.
    pub topics: Vec<(String, String)>,
    /// Organizations (id, label), in dataset order.
    pub orgs: Vec<(String, String)>,
}

/// What filters need of every publication, in list order (struct of arrays: a compiled file of
/// a million entries stays a few megabytes and compresses well).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PubAttrs {
    /// Year of publication.
    pub year: Vec<u16>,
    /// Month, 0 when unknown.
    pub month: Vec<u8>,
    /// Type, as its position in [`PublicationType::ALL`].
    pub kind: Vec<u8>,
    /// Venue, as its position in [`PubVocab::venues`] plus one; 0 for none.
    pub venue: Vec<u32>,
    /// Whether it has an honour.
    pub honoured: Vec<bool>,
    /// Topics, as positions in [`PubVocab::topics`].
    pub topics: Vec<Vec<u32>>,
    /// Organizations credited with it, as positions in [`PubVocab::orgs`].
    pub orgs: Vec<Vec<u32>>,
    /// Its citation count plus one, 0 when it has none; empty when no entry has one (a list
    /// without counts pays one byte for them). Read it through [`PubAttrs::cited`].
    pub cited: Vec<u32>,
}

impl PubAttrs {
    /// Number of entries.
    pub fn len(&self) -> usize {
        self.year.len()
    }

    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.year.is_empty()
    }

    fn kind_of(&self, i: usize) -> PublicationType {
        PublicationType::ALL[usize::from(self.kind[i]).min(PublicationType::ALL.len() - 1)]
    }

    fn venue_of(&self, i: usize) -> Option<usize> {
        (self.venue[i] as usize).checked_sub(1)
    }

    /// Entry `i`'s citation count, when it has one.
    pub fn cited(&self, i: usize) -> Option<u32> {
        self.cited.get(i).and_then(|&c| c.checked_sub(1))
    }

    /// The [`cited`](Self::cited) column of entries whose counts are `counts`, in list order.
    pub fn cited_column(counts: impl IntoIterator<Item = Option<u32>>) -> Vec<u32> {
        let column: Vec<u32> = (counts.into_iter())
            .map(|c| c.map_or(0, |c| c.saturating_add(1)))
            .collect();
        if column.iter().all(|&c| c == 0) {
            Vec::new()
        } else {
            column
        }
    }
}

/// The position of `kind` in [`PublicationType::ALL`].
pub fn kind_index(kind: PublicationType) -> u8 {
    PublicationType::ALL
        .iter()
        .position(|k| *k == kind)
        .unwrap_or(0) as u8
}

/// The text filter of a list: every word of the query must be a word of the publication (its
/// title, authors, venue, booktitle, year, type, honours, DOI or arXiv id); the last word may be
/// the beginning of one, as it is being typed. A one-character last word is not used until a
/// second character is typed (it would begin most words).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextQuery {
    /// Whole words, folded.
    pub words: Vec<String>,
    /// The last word, folded, matched as a beginning.
    pub prefix: Option<String>,
}

impl TextQuery {
    /// The text filter of a query string.
    pub fn new(query: &str) -> Self {
        let mut words: Vec<String> = tokenize(query).into_iter().map(|t| t.text).collect();
        let prefix = words
            .pop()
            .filter(|w| w.chars().nth(1).is_some())
            .filter(|w| !words.contains(w));
        words.sort_unstable();
        words.dedup();
        Self { words, prefix }
    }

    /// Whether the query filters nothing.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty() && self.prefix.is_none()
    }

    /// Whether a publication with these words (folded, sorted, each once) matches.
    pub fn matches(&self, sorted_words: &[String]) -> bool {
        let has = |w: &String| sorted_words.binary_search(w).is_ok();
        let begins = |p: &String| {
            let i = sorted_words.partition_point(|w| w < p);
            sorted_words
                .get(i)
                .is_some_and(|w| w.starts_with(p.as_str()))
        };
        self.words.iter().all(has) && self.prefix.as_ref().is_none_or(begins)
    }
}

/// The folded words of a publication's searchable text, sorted, each once.
pub fn words_of(text: &str) -> Vec<String> {
    let mut words: Vec<String> = tokenize(text).into_iter().map(|t| t.text).collect();
    words.sort_unstable();
    words.dedup();
    words
}

/// One group of a list's page: its heading, how many entries it has in the whole list, and
/// those of the page, in display order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PubGroup {
    /// A stable key, e.g. `"2024"`, `"conference"`, `"nsdi"`, `"none"`.
    pub key: String,
    /// The heading, e.g. `"2024"`, `"Conference"`, `"NSDI"`, `"No venue"`.
    pub label: String,
    /// A longer description of the heading when there is one (a venue's full name).
    pub title: Option<String>,
    /// What the group is, which [`Self::heading`] says in a language.
    pub head: GroupHead,
    /// Entries of the group in the whole list (on every page).
    pub count: usize,
    /// The entries of the group on this page.
    pub items: Vec<usize>,
}

/// What a group of a list is: its heading, typed ([`PubGroup::heading`] says it in words).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GroupHead {
    /// Papers with a citation count (most cited, grouped by year).
    Cited,
    /// Papers without one.
    Uncounted,
    /// A year.
    Year(u16),
    /// A publication type.
    Type(PublicationType),
    /// A venue: the heading is its short name (from the data).
    Venue,
    /// Papers with no venue.
    NoVenue,
}

impl PubGroup {
    /// The heading in `t`'s language: `"2024"`, `"Conference"`, `"NSDI"`, `"No venue"`.
    pub fn heading(&self, t: &Catalogue) -> String {
        match self.head {
            GroupHead::Cited => t.list_text().with_count().to_owned(),
            GroupHead::Uncounted => t.list_text().without_count().to_owned(),
            GroupHead::Year(y) => t.lang.year(i64::from(y)),
            // A type's label is the model's (`PublicationType::label`), in `t`'s language.
            GroupHead::Type(k) => k.label(t).to_owned(),
            GroupHead::Venue => self.label.clone(),
            GroupHead::NoVenue => t.list_text().no_venue().to_owned(),
        }
    }
}

/// Facet counts over a list's scope. Each count is what the list would hold with that value
/// added to its facet and every other filter as it is.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PubFacets {
    /// Venues in scope (id = venue id), the most frequent first.
    pub venues: Vec<FacetValue>,
    /// Types in scope (id = type key), in [`PublicationType::ALL`] order.
    pub kinds: Vec<FacetValue>,
    /// Years in scope (id = the year), newest first; counted with the year range left out.
    pub years: Vec<FacetValue>,
    /// The "has an honour" toggle (id `"1"`).
    pub honoured: FacetValue,
    /// Earliest year in scope.
    pub year_min: Option<u16>,
    /// Latest year in scope.
    pub year_max: Option<u16>,
    /// The chosen topics (id = topic id), each with how many shown publications carry it.
    pub topics: Vec<FacetValue>,
    /// The chosen organization (id = its id, label = its short name), counting the shown
    /// publications.
    pub org: Option<FacetValue>,
    /// Whether the venues', types' and honours' counts are still coming (their parts are being
    /// fetched): their values are then the unfiltered list's, each counted 0.
    #[serde(default)]
    pub counting: bool,
}

/// The answer for one list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PubList {
    /// Publications in scope before filtering.
    pub total: usize,
    /// Publications that pass every filter.
    pub shown: usize,
    /// Those publications, in display order (every page).
    pub entries: Vec<usize>,
    /// The page shown (from 0, within `0..pages()`).
    pub page: usize,
    /// The page's publications, grouped.
    pub groups: Vec<PubGroup>,
    /// Facet counts.
    pub facets: PubFacets,
}

impl PubList {
    /// The page's publications in display order.
    pub fn items(&self) -> impl Iterator<Item = usize> + '_ {
        self.groups.iter().flat_map(|g| g.items.iter().copied())
    }

    /// How many pages the list has (one at least).
    pub fn pages(&self) -> usize {
        self.entries.len().div_ceil(PAGE_SIZE).max(1)
    }

    /// Maps every entry (in `entries` and the groups) through `f`.
    pub fn map(mut self, f: impl Fn(usize) -> usize) -> Self {
        self.entries.iter_mut().for_each(|i| *i = f(*i));
        for g in &mut self.groups {
            g.items.iter_mut().for_each(|i| *i = f(*i));
        }
        self
    }
}

#[cfg(test)]
mod tests;
