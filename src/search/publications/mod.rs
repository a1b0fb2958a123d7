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

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::facet::all_but_each;
use super::index::FacetValue;
use super::params::{GroupBy, Order, PubParams};
use super::text::{fold, tokenize};
use crate::lang::{Catalogue, EN};
use crate::model::PublicationType;

mod memory;
pub mod parts;
pub mod words;

pub use memory::PublicationIndex;

use super::organizations::VenueLabel;
use crate::model::sort;

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

/// The vocabulary positions of a list's chosen venues, topics and organization.
#[derive(Debug, Clone, Default)]
pub(crate) struct Chosen {
    pub venues: BTreeSet<usize>,
    pub topics: BTreeSet<u32>,
    pub org: Option<u32>,
}

/// One entry's filter tests, each on its own.
pub(crate) struct Tests {
    /// The text and the organization (they narrow the scope every facet counts over).
    pub scope: bool,
    pub year: bool,
    /// The venues and topics: one selection, either matches.
    pub venue: bool,
    pub kind: bool,
    pub honour: bool,
}

/// What one pass over a list's entries gathers: the entries shown and each facet's counts
/// with its own test left out (`None`: that facet is not counted).
pub(crate) struct Tally {
    pub shown: Vec<usize>,
    pub venue_counts: Option<BTreeMap<Option<usize>, usize>>,
    pub kind_counts: Option<BTreeMap<PublicationType, usize>>,
    pub year_counts: BTreeMap<u16, usize>,
    pub honoured_count: usize,
    /// Whether `honoured_count` counts (the honoured entries are known).
    pub honoured_counted: bool,
    pub year_min: Option<u16>,
    pub year_max: Option<u16>,
}

impl Tally {
    /// A tally counting every facet.
    pub fn counting_all() -> Self {
        Self {
            shown: Vec::new(),
            venue_counts: Some(BTreeMap::new()),
            kind_counts: Some(BTreeMap::new()),
            year_counts: BTreeMap::new(),
            honoured_count: 0,
            honoured_counted: true,
            year_min: None,
            year_max: None,
        }
    }

    /// Widens the years in scope to `y`.
    pub fn span(&mut self, y: u16) {
        self.year_min = Some(self.year_min.map_or(y, |m| m.min(y)));
        self.year_max = Some(self.year_max.map_or(y, |m| m.max(y)));
    }

    /// Counts entry `i` (of year `y`, type and venue when known, honoured or not).
    pub fn add(
        &mut self,
        i: usize,
        t: &Tests,
        y: u16,
        kind: Option<PublicationType>,
        venue: Option<Option<usize>>,
        honoured: bool,
    ) {
        let [but_year, but_venue, but_kind, but_honour] = all_but_each(
            &t.scope,
            &[Some(t.year), Some(t.venue), Some(t.kind), Some(t.honour)],
            |a, b| *a &= *b,
        );
        if but_venue && let (Some(counts), Some(v)) = (&mut self.venue_counts, venue) {
            *counts.entry(v).or_default() += 1;
        }
        if but_kind && let (Some(counts), Some(k)) = (&mut self.kind_counts, kind) {
            *counts.entry(k).or_default() += 1;
        }
        if but_year {
            *self.year_counts.entry(y).or_default() += 1;
        }
        if but_honour && honoured {
            self.honoured_count += 1;
        }
        if but_honour && t.honour {
            self.shown.push(i);
        }
    }
}

/// The attributes and vocabularies of a list's publications: everything needed to answer it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PubCore {
    /// Per publication, in list order.
    pub attrs: PubAttrs,
    /// The vocabularies.
    pub vocab: PubVocab,
}

impl PubCore {
    /// `params` with venue, topic and organization ids unknown to the vocabularies dropped.
    pub fn sanitize(&self, params: &PubParams) -> PubParams {
        let v = &self.vocab;
        let mut p = params.clone();
        p.venues.retain(|id| v.venues.iter().any(|x| &x.id == id));
        p.topics.retain(|t| v.topics.iter().any(|(id, _)| id == t));
        p.org = p.org.filter(|o| v.orgs.iter().any(|(id, _)| id == o));
        p
    }

    /// Filters, groups, orders and pages the entries of `scope` (positions in list order,
    /// ascending; `None` for all) and counts the facets. `text` holds the entries that match the
    /// query's text (ascending), `None` when the query has none.
    pub fn list(
        &self,
        scope: Option<&[usize]>,
        text: Option<&[usize]>,
        params: &PubParams,
    ) -> PubList {
        let a = &self.attrs;
        let chosen = self.chosen(params);
        let mut tally = Tally::counting_all();
        let all: Vec<usize>;
        let scope = match scope {
            Some(s) => s,
            None => {
                all = (0..a.len()).collect();
                &all
            }
        };
        for &i in scope {
            if i >= a.len() {
                continue;
            }
            let (y, kind, venue_of) = (a.year[i], a.kind_of(i), a.venue_of(i));
            tally.span(y);
            // Each test on its own, so every facet can count with its own test left out. The
            // organization narrows the scope, so it goes with the text; venues and topics are one
            // selection (either matches), counted per venue with the whole selection left out.
            let text = chosen.org.is_none_or(|o| a.orgs[i].contains(&o))
                && text.is_none_or(|t| t.binary_search(&i).is_ok());
            let venue = (chosen.venues.is_empty() && chosen.topics.is_empty())
                || venue_of.is_some_and(|v| chosen.venues.contains(&v))
                || a.topics[i].iter().any(|t| chosen.topics.contains(t));
            let kind_ok = params.kinds.is_empty() || params.kinds.contains(&kind);
            let tests = Tests {
                scope: text,
                year: params.years_hold(y),
                venue,
                kind: kind_ok,
                honour: !params.honoured || a.honoured[i],
            };
            tally.add(i, &tests, y, Some(kind), Some(venue_of), a.honoured[i]);
        }
        let topic_count = |t: u32, shown: &[usize]| -> usize {
            shown.iter().filter(|&&i| a.topics[i].contains(&t)).count()
        };
        self.finish(tally, &chosen, scope.len(), params, topic_count, None)
    }

    /// The vocabulary positions of the filters' venues, topics and organization.
    pub(crate) fn chosen(&self, params: &PubParams) -> Chosen {
        let v = &self.vocab;
        Chosen {
            venues: (params.venues.iter())
                .filter_map(|id| v.venues.iter().position(|x| &x.id == id))
                .collect(),
            topics: (params.topics.iter())
                .filter_map(|t| v.topics.iter().position(|(id, _)| id == t))
                .map(|i| i as u32)
                .collect(),
            org: (params.org.as_ref())
                .and_then(|o| v.orgs.iter().position(|(id, _)| id == o))
                .map(|i| i as u32),
        }
    }

    /// Orders, groups and pages what `tally` kept and builds the facets from its counts (a
    /// facet it did not count is `unfiltered`'s values, counting). `topic_count` counts the
    /// shown entries with a topic; `scope` is how many entries the list was taken from.
    pub(crate) fn finish(
        &self,
        tally: Tally,
        chosen: &Chosen,
        scope: usize,
        params: &PubParams,
        topic_count: impl Fn(u32, &[usize]) -> usize,
        unfiltered: Option<&PubFacets>,
    ) -> PubList {
        let (a, v) = (&self.attrs, &self.vocab);
        let Tally {
            mut shown,
            venue_counts,
            kind_counts,
            year_counts,
            honoured_count,
            honoured_counted,
            year_min,
            year_max,
        } = tally;
        // List order is newest first; the oldest first reverses the dates only, so entries of
        // the same month keep their order by title. Most cited keeps list order among equal
        // counts and among the papers without one, which come last.
        match params.order {
            Order::Newest => {}
            Order::Oldest => sort::by_key(&mut shown, |&i| (a.year[i], a.month[i])),
            Order::Cited => sort::by_key(&mut shown, |&i| {
                a.cited(i).map_or((1, 0), |c| (0, u32::MAX - c))
            }),
        }
        let (page, groups) = self.group(&mut shown, params);

        let venue_value = |x: usize, count: usize| FacetValue {
            id: v.venues[x].id.clone(),
            label: v.venues[x].short.clone(),
            count,
            selected: chosen.venues.contains(&x),
        };
        let counting = venue_counts.is_none() || kind_counts.is_none() || !honoured_counted;
        let mut venues: Vec<FacetValue> = match &venue_counts {
            Some(counts) => (counts.iter())
                .filter_map(|(x, &count)| x.map(|x| venue_value(x, count)))
                .collect(),
            // Not counted yet: the unfiltered list's venues, in its order.
            None => (unfiltered.map_or(&[][..], |u| &u.venues[..]).iter())
                .map(|u| FacetValue {
                    count: 0,
                    selected: params.venues.contains(&u.id),
                    ..u.clone()
                })
                .collect(),
        };
        // Selected venues stay listed even when nothing else matches them.
        for &x in &chosen.venues {
            if !venues.iter().any(|f| f.id == v.venues[x].id) {
                venues.push(venue_value(x, 0));
            }
        }
        if venue_counts.is_some() {
            sort::by(&mut venues, |a, b| {
                b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label))
            });
        }
        let kind_listed = |k: &PublicationType| match (&kind_counts, unfiltered) {
            (Some(counts), _) => counts.contains_key(k),
            (None, Some(u)) => u.kinds.iter().any(|f| f.id == k.key()),
            (None, None) => false,
        };
        let kinds: Vec<FacetValue> = PublicationType::ALL
            .into_iter()
            .filter(|k| kind_listed(k) || params.kinds.contains(k))
            .map(|k| FacetValue {
                id: k.key().into(),
                label: k.label(&EN).into(),
                count: (kind_counts.as_ref()).map_or(0, |c| c.get(&k).copied().unwrap_or(0)),
                selected: params.kinds.contains(&k),
            })
            .collect();
        let years = (year_counts.iter().rev())
            .map(|(&y, &count)| FacetValue {
                id: y.to_string(),
                label: y.to_string(),
                count,
                selected: params.years_hold(y)
                    && (params.year_from.is_some() || params.year_to.is_some()),
            })
            .collect();
        let topics = (chosen.topics.iter())
            .map(|&t| FacetValue {
                id: v.topics[t as usize].0.clone(),
                label: v.topics[t as usize].1.clone(),
                count: topic_count(t, &shown),
                selected: true,
            })
            .collect();
        let org = chosen.org.map(|o| FacetValue {
            id: v.orgs[o as usize].0.clone(),
            label: v.orgs[o as usize].1.clone(),
            count: shown.len(),
            selected: true,
        });
        PubList {
            total: scope,
            shown: shown.len(),
            entries: shown,
            page,
            groups,
            facets: PubFacets {
                venues,
                kinds,
                years,
                honoured: FacetValue {
                    id: "1".into(),
                    label: "Has an honour".into(),
                    count: honoured_count,
                    selected: params.honoured,
                },
                year_min,
                year_max,
                topics,
                org,
                counting,
            },
        }
    }

    /// Orders the `shown` entries by group (groups other than years put them in group order) and
    /// cuts the page out: the page (clamped) and its groups, each with its whole count.
    pub(crate) fn group(
        &self,
        shown: &mut Vec<usize>,
        params: &PubParams,
    ) -> (usize, Vec<PubGroup>) {
        let (a, v) = (&self.attrs, &self.vocab);
        let head = |i: usize| -> (String, String, Option<String>, GroupHead) {
            match params.group {
                // Years would scatter the most cited: counted papers, then the others.
                GroupBy::Year if params.order == Order::Cited => match a.cited(i) {
                    Some(_) => (
                        "cited".into(),
                        EN.list_text().with_count().into(),
                        None,
                        GroupHead::Cited,
                    ),
                    None => (
                        "uncounted".into(),
                        EN.list_text().without_count().into(),
                        None,
                        GroupHead::Uncounted,
                    ),
                },
                GroupBy::Year => (
                    a.year[i].to_string(),
                    a.year[i].to_string(),
                    None,
                    GroupHead::Year(a.year[i]),
                ),
                GroupBy::Type => {
                    let k = a.kind_of(i);
                    (
                        k.key().into(),
                        k.label(&EN).into(),
                        None,
                        GroupHead::Type(k),
                    )
                }
                GroupBy::Venue => match a.venue_of(i).map(|x| &v.venues[x]) {
                    Some(x) => (
                        x.id.clone(),
                        x.short.clone(),
                        Some(x.name.clone()),
                        GroupHead::Venue,
                    ),
                    None => (
                        "none".into(),
                        EN.list_text().no_venue().into(),
                        None,
                        GroupHead::NoVenue,
                    ),
                },
            }
        };
        // Every group with its entries, in order of first appearance.
        let mut groups: Vec<PubGroup> = Vec::new();
        let mut at: BTreeMap<String, usize> = BTreeMap::new();
        for &i in shown.iter() {
            let (key, label, title, kind) = head(i);
            let g = *at.entry(key.clone()).or_insert_with(|| {
                groups.push(PubGroup {
                    key,
                    label,
                    title,
                    head: kind,
                    count: 0,
                    items: Vec::new(),
                });
                groups.len() - 1
            });
            groups[g].items.push(i);
        }
        match params.group {
            // Year groups (and the counted and uncounted) already follow their entries' order.
            GroupBy::Year => {}
            GroupBy::Type => sort::by_key(&mut groups, |g| PublicationType::from_key(&g.key)),
            GroupBy::Venue => sort::by(&mut groups, |a, b| {
                (a.key == "none")
                    .cmp(&(b.key == "none"))
                    .then(b.items.len().cmp(&a.items.len()))
                    .then_with(|| fold(&a.label).cmp(&fold(&b.label)))
            }),
        }
        *shown = groups
            .iter()
            .flat_map(|g| g.items.iter().copied())
            .collect();
        let pages = shown.len().div_ceil(PAGE_SIZE).max(1);
        let page = params.page.min(pages - 1);
        let (from, to) = (page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
        let mut seen = 0;
        let mut out = Vec::new();
        for mut g in groups {
            let (start, count) = (seen, g.items.len());
            seen += count;
            if seen <= from || start >= to {
                continue;
            }
            g.count = count;
            g.items = g.items[from.saturating_sub(start)..(to - start).min(count)].to_vec();
            out.push(g);
        }
        (page, out)
    }
}

#[cfg(test)]
mod tests;
