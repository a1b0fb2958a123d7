//! One list answered: the entries' tests, each facet counted with its own test left out
//! ([`Tally`]), then ordered, grouped, paged and its facets built ([`PubCore::finish`]). The
//! loaded attributes ([`PubCore::list`]) and the fetched parts ([`super::parts`]) share it.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{GroupHead, PAGE_SIZE, PubAttrs, PubFacets, PubGroup, PubList, PubVocab};
use crate::lang::EN;
use crate::model::PublicationType;
use crate::model::sort;
use crate::search::facet::all_but_each;
use crate::search::index::FacetValue;
use crate::search::params::{GroupBy, Order, PubParams};
use crate::search::text::fold;

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
