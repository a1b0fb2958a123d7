//! A list answered from parts of its attributes, as the compiled `/publications` fetches them:
//! each filter value's entries ([`Part::Kind`], [`Part::Venue`], …), and, for the facet counts
//! of a filtered list, a grouping or an order, one attribute of every entry ([`Column`]). The
//! dates come with the index, so years need no part.
//!
//! [`PubParts::list`] answers exactly as [`PubCore::list`] over the whole attributes; until the
//! type and venue columns and the honoured entries are there, those facets are the unfiltered
//! list's values, counting ([`PubFacets::counting`](super::PubFacets::counting)).

use std::collections::BTreeMap;

use super::{PubCore, PubFacets, PubList, Tally, Tests, kind_index};
use crate::model::PublicationType;
use crate::search::bits::Bits;
use crate::search::params::{GroupBy, Order, PubParams};

/// One attribute of every entry, in list order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Column {
    /// [`super::PubAttrs::kind`].
    Kind,
    /// [`super::PubAttrs::venue`].
    Venue,
    /// [`super::PubAttrs::cited`].
    Cited,
}

/// A part of a list's attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    /// The entries of a type (its position in [`PublicationType::ALL`]).
    Kind(u8),
    /// The entries of a venue (its position in the vocabulary).
    Venue(u32),
    /// The entries with a topic.
    Topic(u32),
    /// The entries an organization is credited with.
    Org(u32),
    /// The entries with an honour.
    Honoured,
    /// A whole column.
    Column(Column),
}

impl Part {
    /// The part's file name, without folder or extension: `type-journal`, `venue-12`,
    /// `topic-3`, `org-40`, `honoured`, `c-type`, `c-venue`, `c-cited`.
    pub fn name(&self) -> String {
        match self {
            Self::Kind(k) => {
                let kind = PublicationType::ALL.get(usize::from(*k));
                format!("type-{}", kind.map_or("other", |k| k.key()))
            }
            Self::Venue(x) => format!("venue-{x}"),
            Self::Topic(t) => format!("topic-{t}"),
            Self::Org(o) => format!("org-{o}"),
            Self::Honoured => "honoured".into(),
            Self::Column(Column::Kind) => "c-type".into(),
            Self::Column(Column::Venue) => "c-venue".into(),
            Self::Column(Column::Cited) => "c-cited".into(),
        }
    }

    /// Whether the part is a list of entries (ascending), not a column.
    pub fn is_entries(&self) -> bool {
        !matches!(self, Self::Column(_))
    }

    /// Every part of `core`'s attributes with its values: the entries of each value (every
    /// type, venue, topic and organization of the vocabularies, even with none), ascending;
    /// the columns in list order.
    pub fn all_of(core: &PubCore) -> BTreeMap<Part, Vec<u32>> {
        let (a, v) = (&core.attrs, &core.vocab);
        let mut out: BTreeMap<Part, Vec<u32>> = BTreeMap::new();
        for k in 0..PublicationType::ALL.len() {
            out.insert(Part::Kind(k as u8), Vec::new());
        }
        for x in 0..v.venues.len() {
            out.insert(Part::Venue(x as u32), Vec::new());
        }
        for t in 0..v.topics.len() {
            out.insert(Part::Topic(t as u32), Vec::new());
        }
        for o in 0..v.orgs.len() {
            out.insert(Part::Org(o as u32), Vec::new());
        }
        out.insert(Part::Honoured, Vec::new());
        for i in 0..a.len() {
            let at = i as u32;
            let mut put = |p: Part| out.entry(p).or_default().push(at);
            put(Part::Kind(kind_index(a.kind_of(i))));
            if let Some(x) = a.venue_of(i) {
                put(Part::Venue(x as u32));
            }
            for &t in &a.topics[i] {
                put(Part::Topic(t));
            }
            for &o in &a.orgs[i] {
                put(Part::Org(o));
            }
            if a.honoured[i] {
                put(Part::Honoured);
            }
        }
        for list in out.values_mut() {
            list.dedup();
        }
        let kind = a.kind.iter().map(|&k| u32::from(k)).collect();
        out.insert(Part::Column(Column::Kind), kind);
        out.insert(Part::Column(Column::Venue), a.venue.clone());
        out.insert(Part::Column(Column::Cited), a.cited.clone());
        out
    }
}

/// What a part's values may be for a list: entries below `len`, a column of `len` values, a
/// venue at most `venues` (0 is none), a type below [`PublicationType::ALL`]'s length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartLimits {
    /// Entries of the list.
    pub len: usize,
    /// Venues of its vocabulary.
    pub venues: usize,
}

/// The parts of a list's attributes loaded so far, over its dates and vocabularies.
#[derive(Debug, Clone, Default)]
pub struct PubParts {
    /// The dates and vocabularies, and the columns loaded (the others empty).
    core: PubCore,
    /// The unfiltered list's facets: the values of a facet not counted yet.
    unfiltered: PubFacets,
    /// The entries of each value loaded.
    entries: BTreeMap<Part, Bits>,
    /// The columns loaded.
    columns: Vec<Column>,
}

impl PubParts {
    /// No part yet, over `dates` (the dates and vocabularies of every entry) and the unfiltered
    /// list's facets.
    pub fn new(dates: PubCore, unfiltered: PubFacets) -> Self {
        Self {
            core: dates,
            unfiltered,
            entries: BTreeMap::new(),
            columns: Vec::new(),
        }
    }

    /// The dates, vocabularies and the columns loaded.
    pub fn core(&self) -> &PubCore {
        &self.core
    }

    /// How many entries the list has.
    pub fn len(&self) -> usize {
        self.core.attrs.len()
    }

    /// What its parts' values may be.
    pub fn limits(&self) -> PartLimits {
        PartLimits {
            len: self.len(),
            venues: self.core.vocab.venues.len(),
        }
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.core.attrs.is_empty()
    }

    /// Whether `part` is loaded.
    pub fn has(&self, part: Part) -> bool {
        match part {
            Part::Column(c) => self.columns.contains(&c),
            p => self.entries.contains_key(&p),
        }
    }

    /// Adds `part` with its `values` (checked by the caller against [`Self::limits`]: entries
    /// ascending and below [`Self::len`], a column of [`Self::len`] values within its range, or
    /// empty for the citations).
    pub fn insert(&mut self, part: Part, values: Vec<u32>) {
        let a = &mut self.core.attrs;
        match part {
            Part::Column(c) => {
                match c {
                    Column::Kind => a.kind = values.into_iter().map(|k| k as u8).collect(),
                    Column::Venue => a.venue = values,
                    Column::Cited => a.cited = values,
                }
                if !self.columns.contains(&c) {
                    self.columns.push(c);
                }
            }
            p => {
                let n = a.len();
                let members = values.into_iter().map(|i| i as usize).filter(|&i| i < n);
                self.entries.insert(p, Bits::from_members(n, members));
            }
        }
    }

    /// The parts `params` needs that are not loaded: its filters' values and the column its
    /// grouping or order reads.
    pub fn missing(&self, params: &PubParams) -> Vec<Part> {
        let chosen = self.core.chosen(params);
        let mut need: Vec<Part> = (params.kinds.iter())
            .map(|&k| Part::Kind(kind_index(k)))
            .collect();
        need.extend(chosen.venues.iter().map(|&x| Part::Venue(x as u32)));
        need.extend(chosen.topics.iter().map(|&t| Part::Topic(t)));
        need.extend(chosen.org.map(Part::Org));
        if params.honoured {
            need.push(Part::Honoured);
        }
        match params.group {
            GroupBy::Type => need.push(Part::Column(Column::Kind)),
            GroupBy::Venue => need.push(Part::Column(Column::Venue)),
            GroupBy::Year => {}
        }
        if params.order == Order::Cited {
            need.push(Part::Column(Column::Cited));
        }
        need.retain(|&p| !self.has(p));
        need
    }

    /// The parts that would count the facets a filtered list's answer could not: the types'
    /// and venues' columns and the honoured entries.
    pub fn counting(&self) -> Vec<Part> {
        [
            Part::Column(Column::Kind),
            Part::Column(Column::Venue),
            Part::Honoured,
        ]
        .into_iter()
        .filter(|&p| !self.has(p))
        .collect()
    }

    /// The list for `params` (`text`: the entries matching its text, ascending; `None` when it
    /// has none), or the parts it needs first ([`Self::missing`]).
    pub fn list(&self, text: Option<&[usize]>, params: &PubParams) -> Result<PubList, Vec<Part>> {
        let missing = self.missing(params);
        if !missing.is_empty() {
            return Err(missing);
        }
        let (core, a) = (&self.core, &self.core.attrs);
        let n = a.len();
        let chosen = core.chosen(params);
        let got = |p: Part| self.entries.get(&p).expect("checked by missing()");
        let union = |parts: &mut dyn Iterator<Item = Part>| {
            parts.fold(Bits::empty(n), |mut set, p| {
                set.or_with(got(p));
                set
            })
        };
        let kinds = (!params.kinds.is_empty())
            .then(|| union(&mut params.kinds.iter().map(|&k| Part::Kind(kind_index(k)))));
        let venues = (!chosen.venues.is_empty() || !chosen.topics.is_empty()).then(|| {
            union(
                &mut (chosen.venues.iter().map(|&x| Part::Venue(x as u32)))
                    .chain(chosen.topics.iter().map(|&t| Part::Topic(t))),
            )
        });
        let org = chosen.org.map(|o| got(Part::Org(o)));
        let honoured = self.entries.get(&Part::Honoured);
        let has_kind = self.columns.contains(&Column::Kind);
        let has_venue = self.columns.contains(&Column::Venue);

        let mut tally = Tally::counting_all();
        if !has_kind {
            tally.kind_counts = None;
        }
        if !has_venue {
            tally.venue_counts = None;
        }
        tally.honoured_counted = honoured.is_some();
        // The list is newest first: its years in scope are its last and first entries'.
        if let (Some(&last), Some(&first)) = (a.year.last(), a.year.first()) {
            tally.span(last);
            tally.span(first);
        }
        // Only the entries in scope (the text's and the organization's) count anywhere.
        let mut count = |i: usize| {
            let y = a.year[i];
            let tests = Tests {
                scope: true,
                year: params.years_hold(y),
                venue: venues.as_ref().is_none_or(|v| v.contains(i)),
                kind: kinds.as_ref().is_none_or(|k| k.contains(i)),
                honour: !params.honoured || honoured.is_some_and(|h| h.contains(i)),
            };
            let kind = has_kind.then(|| a.kind_of(i));
            let venue = has_venue.then(|| a.venue_of(i));
            let honoured = honoured.is_some_and(|h| h.contains(i));
            tally.add(i, &tests, y, kind, venue, honoured);
        };
        match (text, org) {
            (Some(t), org) => (t.iter().copied())
                .filter(|&i| i < n && org.is_none_or(|o| o.contains(i)))
                .for_each(&mut count),
            (None, Some(o)) => o.iter().for_each(&mut count),
            (None, None) => (0..n).for_each(&mut count),
        }
        let topic_count = |t: u32, shown: &[usize]| -> usize {
            let with = got(Part::Topic(t));
            shown.iter().filter(|&&i| with.contains(i)).count()
        };
        Ok(core.finish(
            tally,
            &chosen,
            n,
            params,
            topic_count,
            Some(&self.unfiltered),
        ))
    }
}
